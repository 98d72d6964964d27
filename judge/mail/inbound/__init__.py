"""Mail in, in the order it runs.

1. `receiver` (SMTP) or `poller` (IMAP) hands the raw bytes to `pipeline.receive`, which
   only stores them in the inbox and commits;
2. `pipeline.process_pending` takes stored messages in batches and reads each with
   `message.read_message` (`envelope`: the header fields; `mime`, `body`, `html`,
   `plaintext`: the command text; `automatic`: mail never to be answered);
3. `answering.answer` decides what the message gets (`limits`, `identity`: whom it speaks
   for, `emg` and `emg_run`: the EMG format), runs its commands (judge/commands) and queues
   the reply through judge/mail/outbound, in the message's own transaction.

`parts.JudgeParts` is what the worker is given, so nothing here imports the app.
"""
