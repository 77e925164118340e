# Честные раздачи (docs/fair-play.md): печать, показанная при раздаче, и сид с солью,
# открытые в конце игры (русский).

fair-table = 🔒 Раздача запечатана: { $short }…
fair-table_opened = 🔓 Печать раздачи вскрыта: см. итоги кона
fair-tricks_footer = 🔒 Печать раздачи (хеш SHA-256 от зерна и соли этого кона; их откроют, когда кон закончится): { $commitment }
fair-reveal = 🔓 Печать { $short }… вскрыта:
fair-reveal_check = Проверить можно программой kozel-discord verify по файлу из кнопки «Выгрузить JSON» в повторе кона ({ COMMAND_NAME("league game") }).
