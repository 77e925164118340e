# Reddedilen istekler (error-*, servisin hata anahtarları) ve bir hamlenin neden olmadığı
# (reason-*). COMMAND("kozel start") komutu tıklanabilir bir anma olarak yazar (Discord onu
# İngilizce adıyla gösterir), ardından parantez içinde Türkçe adı; bot komutun kimliğini
# bilmiyorsa yalnızca Türkçe adı.

error-table_exists = Bu kanalda zaten bir masa var.
error-in_table_thread = Bu alt başlık { $channel } kanalındaki bir masaya ait: yeni masayı o kanalda açın.
error-try_again = Veritabanı şu anda yanıt vermiyor — hiçbir şey değişmedi. Lütfen birazdan yeniden deneyin.
error-bad_seat = Bu yer kullanılamıyor.
error-already_there = Zaten orada oturuyorsunuz.
error-seat_taken = Yer { $seat } dolu.
error-no_computer = Yer { $seat }: artık bilgisayar oyuncusu yok.
error-not_seated = Bu masada oturmuyorsunuz.
error-bad_level = Bilinmeyen bilgisayar seviyesi.
error-sit_first = Önce masaya oturun.
error-host_only = Masanın ayarlarını yalnızca masayı açan { $host } değiştirebilir.
error-host_only_start = Seriyi yalnızca masayı açan { $host } başlatabilir.
error-host_only_cancel = Bu masayı yalnızca masayı açan { $host } iptal edebilir.
error-seats_empty = Önce dört yerin hepsi dolmalı.
error-not_finished = Seri hâlâ sürüyor.
error-already_started = Oyun zaten başladı.
error-not_playing = Bu masada şu anda oyun yok.
error-not_your_seat = Bu sizin yeriniz değil — bu düğmeler başka bir oyuncuya ait.
error-stale = Bu görünüm eskidi.
error-illegal = Bu hamleye izin yok.
error-no_table = Bu kanalda masa yok. { COMMAND("kozel start") } ile bir masa açın.
error-old_table = Bu düğmeler bitmiş bir masaya ait.
error-stop_not_allowed = Oyunu yalnızca masayı açan ya da Sunucuyu Yönet yetkisi olan biri durdurabilir.
error-stop_changed = Bu soru sorulduğundan beri masa değişti (oyun başladı ya da bitti): hiçbir şey durdurulmadı. { COMMAND_NAME("kozel stop") } ile yeniden sorun.
error-guild_only = Bu yalnızca bir sunucu kanalında çalışır.
error-bad_control = Bu düğme artık geçerli değil.
error-wrong_guild = Bu kanaldaki masa başka bir sunucuya ait.
error-bad_option = “{ $option }” için verilen değer geçerli değil.
error-not_a_member = “{ $option }” bu sunucunun bir üyesi olmalı.
error-not_allowed = Buna yetkiniz yok.
error-internal = Bizim tarafımızda bir şeyler ters gitti; hiçbir şey değişmedi. Lütfen yeniden deneyin.
error-bad_sort = Bilinmeyen sıralama.

reason-not_your_turn = Sıra sizde değil.
reason-no_such_seat = Böyle bir yer yok.
reason-card_not_in_hand = Bu kart elinizde değil.
reason-duplicate_card = Aynı kart iki kez seçildi.
reason-wrong_number_of_cards = Açılan kadar kart oynayın.
reason-mixed_suit_lead = Açış yalnızca tek renkten olur.
reason-does_not_beat = Bu kartlar üstteki kartları yenmiyor.
reason-molodka_not_allowed = Şu anda molodka açılamaz.
reason-not_a_lead_now = Bu el zaten açıldı.
reason-must_lead = Bu eli siz açıyorsunuz: önce açın.
reason-game_over = Oyun bitti.
reason-bad_action = Bu bir hamle değil.
error-bot_permissions = Bu kanalda masa açamıyorum. Burada şu izinlerim yok: { $perms }. Sunucuyu yöneten birinden bana bu izinleri vermesini isteyin (kanal ayarları › İzinler).
perm-view_channel = Kanalı Görüntüle
perm-send_messages = Mesaj Gönder
perm-send_messages_in_threads = Alt Başlıklarda Mesaj Gönder
perm-embed_links = Bağlantı Yerleştir
perm-attach_files = Dosya Ekle
perm-read_message_history = Mesaj Geçmişini Oku
