"""What designers read: metrics as listeners over a game's events, the report as JSON first
and a self-contained HTML page rendered from that JSON (``rulebook report``)."""
