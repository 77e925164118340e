# Adil dağıtımlar (docs/fair-play.md): dağıtımda gösterilen mühür ve oyun bitince
# açıklanan tohum ile tuz (Türkçe).

fair-table = 🔒 Dağıtım mühürlendi: { $short }…
fair-table_opened = 🔓 Dağıtım mührü { $short }… açıldı: oyun özetine bakın
fair-tricks_footer = 🔒 Dağıtım mührü (bu oyunun tohumu ile tuzunun SHA-256 özeti; oyun bitince açıklanır): { $commitment }
fair-reveal = 🔓 { $short }… mührü açıldı:
fair-reveal_check = Doğrulamak için: bu mühür, masanın dağıtımda gösterdiği mühürle aynı olmalı; gerisini komut satırı aracı kozel-discord verify, { COMMAND_NAME("league game") } tekrarındaki “JSON olarak dışa aktar” dosyasıyla kontrol eder.
