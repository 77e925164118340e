"""The gallery: the real bot's messages drawn the way Discord's dark-theme mobile client shows
them (test and development code, not installed with the bot). ``python -m gallery`` (or
``make gallery``) writes the pictures of docs/gallery/."""
