# Sunucu kuralları: /kozel settings, lobide seri uzunluğu, uzunluğa göre lig, /kozel rules.

cmd-start-length = Seri uzunluğu: kaybettiren ceza puanı (varsayılan: bu sunucununki)
cmd-start-length_name = uzunluk
cmd-settings-length = Yeni masaların (ve lig tablosunun) standart seri uzunluğu
cmd-settings-length_name = uzunluk
cmd-settings-timer = Yeni masalarda hamle süresi
cmd-settings-timer_name = süre
cmd-settings-hints = Masayı açanlar dereceli olmayan masalarda ipuçlarını açabilir mi
cmd-settings-hints_name = ipuçları
cmd-settings-language = Herkese açık masanın dili
cmd-settings-language_name = dil
cmd-table-length = Gösterilecek ligin seri uzunluğu (varsayılan: sunucunun standardı)
cmd-table-length_name = uzunluk

choice-length-6 = 6 ceza puanı
choice-length-8 = 8 ceza puanı
choice-length-10 = 10 ceza puanı
choice-length-12 = 12 ceza puanı (kural kitabındaki)
choice-language-server = sunucunun dili
choice-language-en = English
choice-language-ru = Русский
choice-language-uk = Українська
choice-language-tr = Türkçe

settings-title = Bu sunucunun kuralları
settings-saved = Kaydedildi. Sunucunun kuralları:
settings-length = Seri { $target } ceza puanına kadar
settings-timer = Hamle süresi: { $timer }
settings-timer_off = sınırsız
settings-timer_seconds = { $seconds } saniye
settings-hints_on = İpuçları: masayı açan oyuncu dereceli olmayan masalarda açabilir
settings-hints_off = İpuçları: izin yok
settings-ranked_on = Lig: bilgisayarlı seriler de sayılır; { COMMAND("league ranked") } ile değişir
settings-ranked_off = Lig: yalnızca bilgisayarsız seriler sayılır; { COMMAND("league ranked") } ile değişir
settings-language = Herkese açık masanın dili: { $language }
settings-language_server = sunucunun kendi dili
settings-footer = Bundan sonra açılan masalar için. Masayı açan oyuncu lobide uzunluğu ve süreyi yine değiştirebilir. Lig tablosu varsayılan olarak { $target } ceza puanlık serileri sayar; diğer uzunlukları { COMMAND("league table") } gösterir.
settings-league_length = { $target } ceza puanına kadar serilerin ligi
settings-history_length = {" "}· { $target } ceza puanına kadar seri

rules-at_table = Bu masada
rules-at_server = Bu sunucudaki yeni masalar

lobby-length = Seri { $target } ceza puanına kadar — bu puana ilk ulaşan takım kaybeder
lobby-length_button = Uzunluk: { $target }
lobby-rules_length = Uzunluk
lobby-rules_hints = İpuçları

error-bad_length = Bir seri { $first } veya { $last } ceza puanına kadar oynanır.
error-bad_setting = Bu ayarın böyle bir değeri yok: hiçbir şey değişmedi.
lobby-rules_footer = 🎯 Uzunluğu, ⏱️ hamle süresini ve 💡 ipuçlarını masayı açan oyuncu seçer.
lobby-rules_footer_length = 🎯 Uzunluğu ve ⏱️ hamle süresini masayı açan oyuncu seçer.
lobby-ranked_yes = 📊 Bu seri lige sayılır
lobby-ranked_no = 🎲 Derecesiz: bu seri lige sayılmaz
