# Чесні роздачі (docs/fair-play.md): печатка, показана під час роздачі, і сід та сіль,
# відкриті наприкінці кону (українська).

fair-table = 🔒 Роздачу запечатано: { $short }…
fair-tricks_footer = 🔒 Печатка роздачі (хеш SHA-256 від зерна й солі цього кону; їх відкриють, коли кон закінчиться): { $commitment }
fair-reveal_title = 🔓 Чесна роздача
fair-reveal = печатку { $short }… відкрито:
fair-reveal_check = Перевірка: kozel-discord verify на вивантаженні JSON із повтору кону.
