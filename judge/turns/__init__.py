"""The turn's path, in the order it runs (docs/architecture.md, "The turn, module by module").

1. `scheduler.JudgeScheduler` wakes `deadlines.sweep` at each game's next moment;
2. the sweep, or a command, finds a turn due (`deadline_rules.due_work`: start a full game
   through `start`, process early when judge/game/readiness.py says so, remind, grace,
   the NMR policy, outages);
3. `process.process_and_report` has judge/game/adjudication.py load the game once, collect
   the orders, adjudicate them and store the result, the seats' knowledge and the next turn;
4. `seat_reports.send_turn_reports` projects the turn for each seat, has judge/reports
   render it (and `pictures` draw it) and queues the mail in the outbox, all in the same
   transaction;
5. `replay.rollforward` runs steps 3 and 4 again for the phases a ROLLBACK undid.
"""
