"""Mail: `inbound/` (a message received, stored, read and answered) and `outbound/` (a
message composed, queued and delivered); `addresses.py`, `fields.py`, `header_block.py` and
`reply_tokens.py` serve both."""
