"""The turn's path, in the order it runs.

1. `deadlines.sweep` (woken by `scheduler.JudgeScheduler`) or a command finds a turn due
   (`deadline_rules.due_work`: process early, remind, grace, the NMR policy, outages);
2. `process.process_and_report` has judge/game/adjudication.py load the game once, collect the
   orders, adjudicate them and store the result, the seats' knowledge and the next turn;
3. `seat_reports.send_turn_reports` projects the turn for each seat, has judge/reports render it
   and queues the mail in the outbox, all in the same transaction;
4. `replay.rollforward` runs step 2 and 3 again for the phases a ROLLBACK undid.
"""
