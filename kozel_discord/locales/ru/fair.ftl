# Честные раздачи (docs/fair-play.md): печать, показанная при раздаче, и сид с солью,
# открытые в конце игры (русский).

fair-table = 🔒 Раздача запечатана: { $short }…
fair-tricks_footer = 🔒 Печать раздачи (SHA-256 сида и соли этого кона; они откроются, когда кон закончится): { $commitment }
fair-reveal_title = 🔓 Честная раздача
fair-reveal = Ключ к печати { $short }…:
fair-reveal_check = Проверка раздачи и ходов: kozel-discord verify на файле «Выгрузить JSON» (в повторе кона).
