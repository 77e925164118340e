# Честные раздачи (docs/fair-play.md): печать, показанная при раздаче, и сид с солью,
# открытые в конце игры (русский).

fair-table = 🔒 Раздача запечатана: { $short }…
fair-tricks_footer = 🔒 Печать раздачи (хеш SHA-256 от зерна и соли этого кона; их откроют, когда кон закончится): { $commitment }
fair-reveal = 🔓 Печать { $short }… вскрыта:
fair-reveal_check = Проверка: kozel-discord verify на выгрузке JSON из повтора кона.
