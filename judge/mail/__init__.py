"""Mail: reading inbound messages, composing outbound ones, the pipeline between."""
