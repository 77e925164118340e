# Adil dağıtımlar (docs/fair-play.md): dağıtımda gösterilen mühür ve oyun bitince
# açıklanan tohum ile tuz (Türkçe).

fair-table = 🔒 Dağıtım mühürlendi: { $short }…
fair-table_opened = 🔓 Dağıtım mührü açıldı: oyun özetine bakın
fair-tricks_footer = 🔒 Dağıtım mührü (bu oyunun tohumu ile tuzunun SHA-256 özeti; oyun bitince açıklanır): { $commitment }
fair-reveal = 🔓 { $short }… mührü açıldı:
fair-reveal_check = Doğrulamak için: { COMMAND_NAME("league game") } tekrarındaki “JSON olarak dışa aktar” dosyasını komut satırı aracı kozel-discord verify ile kontrol edin.
