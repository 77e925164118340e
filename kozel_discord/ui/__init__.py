"""Discord rendering and components (no rule logic)."""
