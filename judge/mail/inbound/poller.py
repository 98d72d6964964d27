"""The IMAP poller: every message in the judge's folder is stored, then filed away.

A message leaves the folder only after `store` (which commits) has returned, so a crash at
any point loses nothing: whatever is still in the folder is fetched again on the next poll,
and the store's Message-ID + digest deduplication makes the second copy harmless.
"""

from __future__ import annotations

import logging
import ssl
import threading
import time
from collections.abc import Callable

from imapclient import IMAPClient
from imapclient.exceptions import (
    IMAPClientAbortError,
    LoginError,
)

from judge.config import Settings
from judge.store.errors import describe, needs_operator, trouble

log = logging.getLogger(__name__)

SEEN, DELETED = b"\\Seen", b"\\Deleted"
# Messages fetched per FETCH: bounds memory (each may be max_message_bytes) and round trips.
BATCH = 20
# RFC 2177: servers may drop an IDLE after 30 minutes, so renew it before that.
IDLE_RENEW_SECONDS = 29 * 60
# How often `run` looks at its stop event while idling.
IDLE_CHECK_SECONDS = 1.0
BACKOFF_FIRST, BACKOFF_MAX = 1, 60
TIMEOUT_SECONDS = 30.0
# A dropped connection shows as idle_check returning nothing at once, again and again.
EMPTY_WAKEUPS_MEANING_EOF = 3
# What a lost or broken connection raises: socket and TLS errors, imaplib's abort (EOF, BYE).
CONNECTION_ERRORS = (OSError, IMAPClientAbortError)


class ImapPoller:
    """Reads settings.imap_folder; `store(raw)` must keep the message durably or raise, and
    so must `store_many(raws)` for all of them (tried first when given; on failure each
    message is stored alone, so one that cannot be stored holds back no other)."""

    def __init__(self, settings: Settings, store: Callable[[bytes], object], *,
                 on_stored: Callable[[], None] = lambda: None,
                 ssl_context: ssl.SSLContext | None = None,
                 store_many: Callable[[list[bytes]], object] | None = None) -> None:
        self.settings = settings
        self._store = store
        # Optional: keeps a whole FETCH in one transaction (one commit instead of one each).
        self._store_many = store_many
        self._on_stored = on_stored
        self._ssl_context = ssl_context
        self._client: IMAPClient | None = None
        self._uidvalidity: int | None = None
        # UIDs whose store failed in the last poll: not a reason to poll again at once.
        self._left: set[int] = set()
        # The wait that just ended (IDLE, or the SEARCH before it) answered on a connection
        # with the folder selected: the next poll needs neither a NOOP nor a SELECT.
        self._awake = False

    # ------------------------------------------------------------------ polling
    def poll_once(self) -> int:
        """Connect if needed; store and file every message in the folder: the number stored."""
        client, awake = self._client, self._awake
        self._awake = False
        if client is None or not awake:
            client = self._connection()
            uids = self._select(client)
        else:  # two round trips fewer for each poll while mail comes in (issue #18)
            uids = _undeleted(client)
        folder, stored = self.settings.imap_folder, 0
        self._left = set(uids)
        for start in range(0, len(uids), BATCH):
            done = self._store_batch(client, uids[start:start + BATCH])
            if done:
                # The worker starts on these while the rest of a long backlog is fetched.
                self._on_stored()
                self._file(client, done)
                self._left.difference_update(done)
            stored += len(done)
        if stored:
            log.info("imap: stored %d message%s from %s", stored, "" if stored == 1 else "s",
                     folder)
        return stored

    def _select(self, client: IMAPClient) -> list[int]:
        folder = self.settings.imap_folder
        uidvalidity = int(client.select_folder(folder)[b"UIDVALIDITY"])
        if self._uidvalidity is not None and uidvalidity != self._uidvalidity:
            # Nothing here is keyed by UID: a rescan is the search below, over the whole folder.
            log.warning("imap: UIDVALIDITY of %s changed from %d to %d; rescanning the folder",
                        folder, self._uidvalidity, uidvalidity)
        self._uidvalidity = uidvalidity
        return _undeleted(client)

    def _store_batch(self, client: IMAPClient, uids: list[int]) -> list[int]:
        limit = self.settings.max_message_bytes
        # PEEK: a plain BODY[] would set \Seen before the message is safely stored.
        # The partial fetch caps what one huge message costs in memory and in the database,
        # as max_message_bytes does for the SMTP receiver (which can refuse; IMAP cannot).
        fetched = client.fetch(uids, ["RFC822.SIZE", f"BODY.PEEK[]<0.{limit}>"])
        found: dict[int, bytes] = {}
        for uid in uids:
            item = fetched.get(uid)
            if item is None:  # expunged by another client meanwhile
                continue
            found[uid] = bytes(item.get(b"BODY[]<0>") or b"")
            if int(item.get(b"RFC822.SIZE", 0)) > limit:
                log.warning("imap: message UID %d is %s bytes; storing its first %d",
                            uid, item[b"RFC822.SIZE"], limit)
        if self._store_many is not None and len(found) > 1:
            try:
                self._store_many(list(found.values()))
                return list(found)
            except Exception as exc:
                _log_store_failure(exc, f"storing {len(found)} messages at once failed; "
                                        "storing them one by one")
        return [uid for uid, raw in found.items() if self._store_one(uid, raw)]

    def _store_one(self, uid: int, raw: bytes) -> bool:
        try:
            self._store(raw)
        except Exception as exc:
            _log_store_failure(exc, f"could not store message UID {uid} of "
                                    f"{self.settings.imap_folder}; it stays there for the "
                                    "next poll")
            return False
        return True

    def _file(self, client: IMAPClient, uids: list[int]) -> None:
        processed = self.settings.imap_processed_folder
        client.add_flags(uids, [SEEN])
        if client.has_capability("MOVE"):
            client.move(uids, processed)
            return
        # RFC 6851 section 3.3: without MOVE, COPY + \Deleted + expunge does the same job.
        client.copy(uids, processed)
        client.add_flags(uids, [DELETED])
        if client.has_capability("UIDPLUS"):
            client.uid_expunge(uids)
        else:
            # RFC 4315: only UID EXPUNGE is limited to our messages; EXPUNGE takes every
            # \Deleted message of the folder, which a server without UIDPLUS leaves us.
            client.expunge()

    # ------------------------------------------------------------------ connection
    def _connection(self) -> IMAPClient:
        if self._client is not None:
            try:
                self._client.noop()
                return self._client
            except CONNECTION_ERRORS as exc:
                log.info("imap: connection lost (%s); reconnecting", _describe(exc))
                self.close()
        self._client = self._connect()
        return self._client

    def _connect(self) -> IMAPClient:
        s = self.settings
        context = self._ssl_context or ssl.create_default_context()
        client = IMAPClient(s.imap_host, port=s.imap_port, ssl=s.imap_security == "tls",
                            ssl_context=context, timeout=TIMEOUT_SECONDS)
        try:
            if s.imap_security == "starttls":
                client.starttls(context)
            client.login(s.imap_user, s.imap_password)
            self._ensure_folder(client, s.imap_processed_folder)
        except BaseException:
            _shutdown(client)
            raise
        log.info("imap: logged in to %s:%d as %s (%s)", s.imap_host, s.imap_port, s.imap_user,
                 s.imap_security)
        return client

    @staticmethod
    def _ensure_folder(client: IMAPClient, folder: str) -> None:
        if not client.folder_exists(folder):
            client.create_folder(folder)
            log.info("imap: created folder %s", folder)

    def close(self) -> None:
        """Log out (quietly, the connection may be gone already)."""
        client, self._client = self._client, None
        self._awake = False
        if client is not None:
            _shutdown(client)

    # ------------------------------------------------------------------ the loop
    def run(self, stop: threading.Event) -> None:
        """Poll, then wait for mail, until stop is set; never raises. Closes when done."""
        delay = BACKOFF_FIRST
        while not stop.is_set():
            try:
                self.poll_once()
                delay = BACKOFF_FIRST
                self._wait(stop)
            except Exception as exc:
                self._log_failure(exc, delay)
                self.close()
                stop.wait(delay)
                delay = min(delay * 2, BACKOFF_MAX)
        self.close()

    def _log_failure(self, exc: Exception, delay: int) -> None:
        s = self.settings
        if isinstance(exc, LoginError):
            log.error("imap: login as %s on %s:%d refused (%s); retrying in %d s",
                      s.imap_user, s.imap_host, s.imap_port, _describe(exc), delay)
        elif isinstance(exc, CONNECTION_ERRORS):
            log.warning("imap: connection lost (%s); retrying in %d s", _describe(exc), delay)
        else:
            log.error("imap: poll failed (%s); retrying in %d s", _describe(exc), delay,
                      exc_info=exc)

    def _wait(self, stop: threading.Event) -> None:
        seconds = max(self.settings.imap_poll_seconds, 1)  # 0 would spin
        recheck = max(self.settings.imap_recheck_ms, 0) / 1000
        client = self._client
        if client is None or not client.has_capability("IDLE"):
            stop.wait(min(recheck, seconds) if recheck else seconds)
            return
        deadline = time.monotonic() + min(seconds, IDLE_RENEW_SECONDS)
        first = True
        # Mail that came after the poll's SEARCH may have been announced in an earlier
        # command's responses, which IDLE would not repeat: look once more first (a burst
        # is thus drained without IDLE), and again every recheck_ms while idling: Dovecot
        # announces new mail to IDLE half a second after it came (issue #18).
        while not set(_undeleted(client)) - self._left:
            until = min(deadline, time.monotonic() + recheck) if recheck else deadline
            if self._idle(client, stop, until, first) or stop.is_set() \
                    or time.monotonic() >= deadline:
                break
            first = False
        self._awake = True

    def _idle(self, client: IMAPClient, stop: threading.Event, until: float,
              first: bool) -> bool:
        """IDLE until the server announces new mail (True), `until`, or stop."""
        if first:
            log.debug("imap: idling on %s for up to %d s", self.settings.imap_folder,
                      max(self.settings.imap_poll_seconds, 1))
        client.idle()
        empty, announced = 0, False
        while not stop.is_set() and (left := until - time.monotonic()) > 0:
            timeout = min(IDLE_CHECK_SECONDS, left)
            started = time.monotonic()
            responses = client.idle_check(timeout=timeout)
            if _new_mail(responses):
                announced = True
                break
            # idle_check swallows EOF: it then returns nothing, without waiting.
            quick = time.monotonic() - started < timeout / 2
            empty = empty + 1 if quick and not responses else 0
            if empty >= EMPTY_WAKEUPS_MEANING_EOF:
                raise ConnectionError("the server closed the connection")
        client.idle_done()
        return announced


def _undeleted(client: IMAPClient) -> list[int]:
    # \Deleted ones are on their way out: someone deleted them, or we copied them already.
    return sorted(int(uid) for uid in client.search(["UNDELETED"]))


def _log_store_failure(exc: Exception, what: str) -> None:
    """A database that is full, read-only or busy is said in one line (each poll meets it
    again, and a traceback per message would bury the log); anything else is a fault to
    look into, with its traceback."""
    trouble_found = trouble(exc)
    if trouble_found is None:
        log.exception("imap: %s", what)
        return
    log.log(logging.ERROR if needs_operator(trouble_found) else logging.WARNING,
            "imap: %s: %s (%s)", what, trouble_found, describe(exc))


def _new_mail(responses: list[tuple[object, ...]]) -> bool:
    for response in responses:
        if response and response[0] == b"BYE":
            raise ConnectionError(f"the server said BYE: {_text(response[1:])}")
        if len(response) > 1 and response[1] == b"EXISTS":
            return True
    return False


def _text(parts: tuple[object, ...]) -> str:
    return " ".join(p.decode(errors="replace") if isinstance(p, bytes) else str(p)
                    for p in parts)


def _describe(exc: BaseException) -> str:
    return str(exc) or type(exc).__name__


def _shutdown(client: IMAPClient) -> None:
    try:
        client.logout()
    except Exception:
        try:
            client.shutdown()
        except Exception as exc:
            log.debug("imap: closing the connection: %s", exc)
