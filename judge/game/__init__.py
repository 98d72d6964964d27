"""Use cases of the judge: games, seats, orders, turns, deadlines."""
