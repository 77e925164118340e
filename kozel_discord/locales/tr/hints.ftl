# Dereceli olmayan masalarda ipuçları: lobideki düğme, masadaki işaret, İpucu yanıtı.

hints-lobby_on = 💡 İpuçları açık: bu seri lige sayılmayacak
hints-lobby_ranked = 💡 İpuçları başlangıçta kapanacak: dört insan oyunculu seri lige sayılır
hints-table_on = 💡 İpuçları açık: bu seri lige sayılmaz
hints-button = İpucu
lobby-hints_button_on = İpuçları: açık
lobby-hints_button_off = İpuçları: kapalı

hints-line = 💡 **İpucu**: { $move } — { $reason }.
hints-move_lead = { $cards } ile açın
hints-move_beat = { $cards } ile yenin
hints-move_beat_one = { $cards } ile yenin
hints-move_discard = kapalı atın ({ $cards })
hints-move_molodka = { $cards } ile molodka açın
hints-stale = Bilgisayar düşünürken oyun ilerledi — kartlarınızın şimdiki hâli burada.
hints-reason_molodka = aynı renkten dört kart: molodka, herkes dört kartla karşılık verir
hints-reason_takes = { $points ->
        [0] eli alır (içinde puan yok ama sonraki açış sizin)
       *[other] eli alır, içinde görünen { $points } puan var
    }
hints-reason_takes_trump = { $points ->
        [0] koz eli alır (içinde puan yok ama sonraki açış sizin)
       *[other] koz eli alır, içinde görünen { $points } puan var
    }
hints-reason_on_top = düz kartlarla üste çıkar, kozlarınız sizde kalır
hints-reason_on_top_trump = düz kartla yenilmiyor: üste koz çıkar
hints-reason_on_top_with_trump = üste koz çıkar, düz kartlarınız sonraya kalır
hints-reason_feed = üstte ortağınız var: ona { $points } puan verin
hints-reason_cheap_discard = { $points ->
        [0] ele hiç puan gitmez
       *[other] ele yalnızca { $points } puan gider, mümkün olan en az puan
    }
hints-reason_keep_discard = ele { $points } puan gider ama sonra gereken kartlar elinizde kalır
hints-reason_lead_trumps = koz açmak rakiplerin kozlarını çeker
hints-reason_lead_strong = yenilmesi zor güçlü bir kart
hints-reason_lead_cheap = ucuz bir açış: puanlarınız ve kozlarınız sizde kalır
hints-reason_lead_suit = aynı renkten { $n } kartı yenmek zordur

error-hints_not_allowed = Bu sunucu ipuçlarına izin vermiyor (yöneticiler { COMMAND("kozel settings") } ile karar verir).
error-hints_ranked = Bu sunucuda her seri lige sayılır: ipuçları yalnızca dereceli olmayan masalar için.
error-hints_off = Bu masada ipuçları kapalı.
error-hint_not_now = İpucu yalnızca kendi sıranızda.
