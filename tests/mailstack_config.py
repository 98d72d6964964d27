"""The configuration files of tests/mailstack.py: Dovecot's and Postfix's, all under one base."""

from __future__ import annotations

from pathlib import Path


def dovecot_conf(base: Path, ports: dict[str, int], domain: str, *, tls: bool) -> str:
    d = base / "dovecot"
    ssl = (f"ssl = yes\nssl_cert = <{base}/tls/cert.pem\nssl_key = <{base}/tls/key.pem\n"
           "ssl_min_protocol = TLSv1.2" if tls else "ssl = no")
    # No Processed mailbox here: creating it when missing is the poller's job.
    return f"""\
# Also the prefix of every process title: how MailStack finds its own processes.
instance_name = mailstack-{ports["imap"]}
base_dir = {d}/run
state_dir = {d}/state
protocols = imap lmtp
listen = 127.0.0.1
log_path = {d}/log/dovecot.log
info_log_path = {d}/log/dovecot.log
{ssl}
disable_plaintext_auth = no
auth_mechanisms = plain login
# The default 2 s penalty per failed login would only slow the tests down.
auth_failure_delay = 0
auth_username_format = %Ln
default_internal_user = dovecot
default_internal_group = dovecot
default_login_user = dovenull
first_valid_uid = 1
mail_location = maildir:~/Maildir
# judge+token@domain is judge's, into the INBOX rather than a folder named after the token.
recipient_delimiter = +
lmtp_save_to_detail_mailbox = no
passdb {{
  driver = passwd-file
  args = scheme=PLAIN username_format=%Ln {d}/users
}}
userdb {{
  driver = passwd-file
  args = username_format=%Ln {d}/users
}}
namespace inbox {{
  inbox = yes
  separator = /
}}
service imap-login {{
  inet_listener imap {{
    address = 127.0.0.1
    port = {ports["imap"]}
  }}
  inet_listener imaps {{
    address = 127.0.0.1
    port = {ports["imaps"]}
  }}
}}
# Anvil's auth penalty delays each failed login from one IP more, up to 15 s: off.
service anvil {{
  unix_listener anvil-auth-penalty {{
    mode = 0
  }}
}}
service lmtp {{
  inet_listener lmtp {{
    address = 127.0.0.1
    port = {ports["lmtp"]}
  }}
}}
protocol lmtp {{
  postmaster_address = postmaster@{domain}
}}
protocol imap {{
  mail_max_userip_connections = 100
}}
"""


def postfix_main_cf(base: Path, lmtp_port: int, domain: str, *, tls: bool) -> str:
    p = base / "postfix"
    refuse = f"error:this test instance delivers only to {domain}"
    tls_lines = (f"smtpd_tls_cert_file = {base}/tls/cert.pem\n"
                 f"smtpd_tls_key_file = {base}/tls/key.pem\n"
                 "smtpd_tls_security_level = may\n" if tls else "")
    # Postfix looks judge+x@domain up as itself, then as judge@domain: the map lists
    # base addresses only, and unknown users are refused at RCPT time.
    # Fast timers: the defaults defer mail for 5 minutes when Dovecot is down.
    return f"""\
compatibility_level = 3.6
queue_directory = {p}/spool
data_directory = {p}/data
meta_directory = /etc/postfix
mail_owner = postfix
setgid_group = postdrop
maillog_file = {p}/log/maillog
maillog_file_prefixes = {base}
inet_interfaces = 127.0.0.1
inet_protocols = ipv4
myhostname = mail.{domain}
mydomain = {domain}
myorigin = $mydomain
mydestination =
mynetworks = 127.0.0.0/8
relayhost =
alias_maps =
alias_database =
local_recipient_maps =
recipient_delimiter = +
virtual_mailbox_domains = {domain}
virtual_mailbox_maps = texthash:{p}/etc/vmailbox
virtual_transport = lmtp:inet:127.0.0.1:{lmtp_port}
default_transport = {refuse}
relay_transport = {refuse}
smtpd_relay_restrictions = permit_mynetworks, reject_unauth_destination
smtpd_peername_lookup = no
smtp_dns_support_level = disabled
biff = no
append_dot_mydomain = no
in_flow_delay = 0
queue_run_delay = 1s
minimal_backoff_time = 1s
maximal_backoff_time = 5s
{tls_lines}"""


# chroot "n" everywhere: Debian's "y" needs files copied into the spool;
# postlogd because there is no syslog to receive the log.
_SERVICES = """\
pickup unix n - n 60 1 pickup
cleanup unix n - n - 0 cleanup
qmgr unix n - n 300 1 qmgr
rewrite unix - - n - - trivial-rewrite
bounce unix - - n - 0 bounce
defer unix - - n - 0 bounce
trace unix - - n - 0 bounce
verify unix - - n - 1 verify
flush unix n - n 1000? 0 flush
proxymap unix - - n - - proxymap
proxywrite unix - - n - 1 proxymap
smtp unix - - n - - smtp
relay unix - - n - - smtp
showq unix n - n - - showq
error unix - - n - - error
retry unix - - n - - error
discard unix - - n - - discard
lmtp unix - - n - - lmtp
anvil unix - - n - 1 anvil
scache unix - - n - 1 scache
postlog unix-dgram n - n - 1 postlogd
"""


def postfix_master_cf(ports: dict[str, int], *, tls: bool) -> str:
    lines = f"127.0.0.1:{ports['smtp']} inet n - n - - smtpd\n" + _SERVICES
    if tls:
        lines += (f"127.0.0.1:{ports['smtps']} inet n - n - - smtpd -o smtpd_tls_wrappermode=yes\n"
                  "tlsmgr unix - - n 1000? 1 tlsmgr\n")
    return lines
