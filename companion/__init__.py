"""The photo referee: reads a phone photo of a printed kit on the table and judges the game."""
