# Provably fair deals (docs/fair-play.md): the commitment shown at the deal and the seed
# and salt revealed when the game ends (English).

fair-table = 🔒 Deal sealed: { $short }…
fair-table_opened = 🔓 Deal seal { $short }… opened: see the game's summary
fair-tricks_footer = 🔒 Deal seal (SHA-256 of this game's seed and salt, revealed when the game ends): { $commitment }
fair-reveal = 🔓 Seal { $short }… opened:
fair-reveal_check = Check it: this seal must be the one the table showed at the deal; kozel-discord verify (a command-line tool) checks the rest with the Export JSON file from { COMMAND_NAME("league game") }.
