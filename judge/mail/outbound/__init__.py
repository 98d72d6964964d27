"""Mail out, in the order it runs.

1. `outbox_postman.OutboxPostman` (the game layer's Postman) has `compose` write the RFC 5322
   message and queues it in the outbox, in the caller's transaction;
2. `sender.OutboxSender` claims due messages (noting its claims in the `claims` journal),
   makes each multipart when it has files (`attachments`) and hands it to a transport
   (`delivery`: the contract; SMTP in `sender`, a local Maildir in `maildir`), recording
   the outcome.
"""
