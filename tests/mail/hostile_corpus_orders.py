"""The corpus's cases about writing orders (issue #11): HELP ORDERS however it arrives, and
a signature without its `-- ` line from someone who is not signed on to a game.

Without a game there is no map to tell prose from an order by, so a closing signature is
still answered line by line there (docs/commands.md): the case pins that down.
"""

from __future__ import annotations

from tests.mail.hostile_mail import TEXT_PLAIN, Case, message, mime, replied

HTML = "text/html; charset=utf-8"
LIST_VARIANTS = "HELP ORDERS standard — Standard Diplomacy"  # the page without a game

ORDERS_CASES = [
    Case("help_orders_html_only", mime("help_orders_html_only", HTML, (
        "<html><body><p>help&nbsp;orders.</p><p>Cheers,<br>Bob</p></body></html>")),
         replied("line 1: help orders.", LIST_VARIANTS, "line 2: Cheers,")),
    Case("help_orders_for_a_variant_quoted_printable",
         mime("help_orders_for_a_variant_quoted_printable", TEXT_PLAIN,
              "HELP=20ORDERS=20envoy", headers=("Content-Transfer-Encoding: quoted-printable",)),
         replied("Writing orders for Envoy (envoy)", "D Fra - Bel")),
    Case("signature_without_separator_and_no_game",
         message("signature_without_separator_and_no_game", "HELP LIST", "", "Cheers,",
                 "Bob"),
         replied("line 1: HELP LIST", "line 3: Cheers,\n    not a command",
                 "line 4: Bob\n    not a command", absent=("Ignored",))),
]
