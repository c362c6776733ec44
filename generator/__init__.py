"""Everything that draws paper: pages in mm, vector QR codes, and one kit module per game."""
