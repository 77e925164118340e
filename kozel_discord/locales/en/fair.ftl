# Provably fair deals (docs/fair-play.md): the commitment shown at the deal and the seed
# and salt revealed when the game ends (English).

fair-table = 🔒 Deal sealed: { $short }…
fair-table_opened = 🔓 Deal seal opened: see the game's summary
fair-tricks_footer = 🔒 Deal seal (SHA-256 of this game's seed and salt, revealed when the game ends): { $commitment }
fair-reveal = 🔓 Seal { $short }… opened:
fair-reveal_check = Check it: kozel-discord verify (a command-line tool) with the Export JSON file from { COMMAND_NAME("league game") }.
