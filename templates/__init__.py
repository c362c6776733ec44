"""Data files (TOML) installed with patrolkit: classic boards, start positions, styles."""
