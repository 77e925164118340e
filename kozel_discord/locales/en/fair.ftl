# Provably fair deals (docs/fair-play.md): the commitment shown at the deal and the seed
# and salt revealed when the game ends (English).

fair-table = 🔒 Deal sealed: { $short }…
fair-tricks_footer = 🔒 Deal commitment (SHA-256 of this game's seed and salt, revealed when the game ends): { $commitment }
fair-reveal_title = 🔓 Fair deal
fair-reveal = This game's seed and salt are in the line below; its SHA-256 is the commitment shown at the deal ({ $short }…):
fair-reveal_check = SHA-256 = `{ $commitment }` · the whole game: `kozel-discord verify`
