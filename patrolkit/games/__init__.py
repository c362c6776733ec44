"""One pure rules module per game."""
