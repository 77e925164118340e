# Provably fair deals (docs/fair-play.md): the commitment shown at the deal and the seed
# and salt revealed when the game ends (English).

fair-table = 🔒 Deal sealed: { $short }…
fair-tricks_footer = 🔒 Deal seal (SHA-256 of this game's seed and salt, revealed when the game ends): { $commitment }
fair-reveal_title = 🔓 Fair deal
fair-reveal = The key to the seal { $short }…:
fair-reveal_check = To check the deal and every move: kozel-discord verify on the game's Export JSON (in its replay).
