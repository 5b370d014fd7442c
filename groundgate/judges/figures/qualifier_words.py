"""The words that say what a figure is said with, by language: its bound or hedge ('at least', 'about'), its
direction ('a 1.8% fall', 'a devolver'), its period and what it is per ('a month', 'per seat', 'each way'),
its time zone ('CET', 'UK time') and its kind of day ('calendar'). Data only; ``qualifiers`` reads it. Each
phrase is lowercased; the first of two that overlap wins, the longest first."""

from __future__ import annotations

# Bounds and hedges. min/max: a limit, stated inclusive ('at least 3 nights', 'up to £500'); about: near it
# either way; nearly: just under it; just_over: just past it; over/under: past it, either way. Written before
# the number ...
BEFORE: dict[str, dict[str, str]] = {
    "min": {
        "en": "at least|no fewer than|no less than|not less than|a minimum of|minimum of|minimum|min.|starting at|starting from|from as little as|as little as|from",
        "fr": "au moins|d'au moins|au minimum|d'au minimum|minimum|pas moins de|à partir de|dès",
        "de": "mindestens|wenigstens|nicht weniger als|mindestens|ab|minimal|minimum",
        "es": "al menos|como mínimo|mínimo|no menos de|a partir de|desde",
        "pt": "pelo menos|no mínimo|mínimo|não menos de|a partir de|desde",
        "it": "almeno|come minimo|minimo|non meno di|a partire da|a partire dai|da|dai|dagli",
        "nl": "minimaal|minstens|ten minste|tenminste|niet minder dan|vanaf|minimum",
        "zh": "至少|最少|不少于|不低于|最低|满",
        "ja": "最低|少なくとも|最少",
        "ko": "최소|적어도|최저",
    },
    "max": {
        "en": "up to|at most|no more than|not more than|a maximum of|maximum of|maximum|max.|not exceeding|capped at|within|no later than|limited to",
        "fr": "jusqu'à|jusqu’à|au plus|d'au plus|au maximum|d'au maximum|maximum|pas plus de|dans un délai de|sous|dans les|plafonné à|limité à",
        "de": "bis zu|höchstens|maximal|max.|nicht mehr als|innerhalb von|innerhalb|binnen|spätestens nach|bis",
        "es": "hasta|como máximo|como mucho|máximo|no más de|a lo sumo|en un plazo de|dentro de|en un máximo de",
        "pt": "até|no máximo|máximo|não mais de|dentro de|em até|num prazo de|no prazo de",
        "it": "fino a|fino al|fino all|fino alla|al massimo|massimo|non più di|entro|nel giro di|un massimo di",
        "nl": "maximaal|hoogstens|hooguit|ten hoogste|tot maximaal|niet meer dan|binnen|uiterlijk|tot en met|t/m|tot",
        "zh": "最多|至多|不超过|不高于|最长|最高|上限：|上限:|上限为|上限是|上限",
        "ja": "最大|最長|最高|上限：|上限:|上限は|上限",
        "ko": "최대|최장|최고|상한:|상한：|상한은|상한",
    },
    "about": {
        "en": "about|around|roughly|approximately|approx.|circa|ca.|some|an estimated|~",
        "fr": "environ|à peu près|autour de|quelque|quelques|approximativement|près de|avoisine|avoisinerait|de l'ordre de|aux alentours de|vers|~",
        "de": "etwa|ungefähr|ca.|circa|rund|zirka|gegen|~",
        "es": "unos|unas|hacia las|hacia la|sobre las|sobre la|aproximadamente|alrededor de|alrededor del|cerca de|cerca del|en torno a|en torno al|rondaría los|rondaría las|rondará los|ronda los|ronda las|rondan los|rondó los|rondó las|rondaron los|rondaba los|rondaría|ronda|rondó|~",
        "pt": "cerca de|aproximadamente|por volta de|uns|umas|em torno de|perto de|ronda os|ronda as|rondou os|rondou as|rondava os|rondava as|rondam os|rondaram os|na casa dos|na casa das|~",
        "it": "circa|intorno a|all'incirca|approssimativamente|attorno a|nell'ordine di|sull'ordine di|si aggira su|si aggira intorno a|verso le|verso l'|verso|~",
        "nl": "ongeveer|circa|zo'n|rond|ca.|ruwweg|omstreeks|~",
        "zh": "约|大约|大概|约为|大致|大约有|约有|大概有|大约是|大概是|差不多有|约占|大约占|大概占|大约各占|约各占|差不多占",
        "ja": "約|およそ|おおよそ|ほぼ",
        "ko": "약|대략|대략적으로",
    },
    "nearly": {
        "en": "nearly|almost|just under|close to|not quite",
        "fr": "presque|près de|un peu moins de|pas loin de",
        "de": "fast|knapp|beinahe|nahezu|knapp unter",
        "es": "casi|poco menos de|cerca de",
        "pt": "quase|pouco menos de|perto de",
        "it": "quasi|poco meno di|vicino a",
        "nl": "bijna|nagenoeg|krap|net onder",
        "zh": "近|将近|接近|差不多|几乎",
        "ja": "ほぼ|近く",
        "ko": "거의|근",
    },
    "over": {
        "en": "over|more than|above|in excess of|upwards of|exceeding|greater than|beyond|exceeded|surpassed|topped",
        "fr": "plus de|au-delà de|au-dessus de|supérieur à|supérieure à|supérieurs à|supérieures à|dépassant|a dépassé|dépassé|dépasse",
        "de": "mehr als|über|oberhalb von|jenseits von",
        "es": "más de|más del|por encima de|por encima del|superior a|superior al|superiores a|superiores al|sobre|supera los|supera las|supera|superan los|superan|superó los|superó las|superó|superaron los|superaron|sobrepasó los|sobrepasó",
        "pt": "mais de|mais do|mais da|acima de|acima do|superior a|superior ao|superiores a|superou os|superou as|superou|superaram|ultrapassou os|ultrapassou as|ultrapassou|ultrapassaram",
        "it": "più di|più del|più della|oltre|oltre il|sopra|superiore a|superiore al|superiori a|superato i|superato le|superato|superati|superate|ha superato|hanno superato",
        "nl": "meer dan|boven|hoger dan|overschreed|overtrof",
        "zh": "超过|多于|逾|高于|大于|突破",
        "ja": "超|を超える",
        "ko": "넘는|넘게|초과",
    },
    "just_over": {  # a little past it: 'just over', 'un peu plus de', 'ruim', 'gut 40 Minuten'
        "en": "just over|slightly over|a little over|a bit over|just above|slightly above|slightly more than|a little more than|a bit more than|just more than|a shade over|a touch over|marginally above|marginally over|marginally more than|barely more than|barely over|a little above",
        "fr": "un peu plus de|un peu plus d'|légèrement plus de|à peine plus de|un peu au-dessus de|légèrement au-dessus de|légèrement supérieur à|légèrement supérieure à|légèrement supérieurs à|légèrement supérieures à",
        "de": "etwas mehr als|etwas über|knapp über|knapp mehr als|gut|gute|guten|ein wenig mehr als|ein bisschen mehr als|leicht über|leicht mehr als|geringfügig über|geringfügig mehr als",
        "es": "algo más de|algo más del|poco más de|poco más del|un poco más de|un poco más del|ligeramente más de|apenas más de|ligeramente superior a|ligeramente superior al|ligeramente por encima de|ligeramente por encima del",
        "pt": "pouco mais de|pouco mais do|um pouco mais de|ligeiramente mais de|pouco acima de|ligeiramente superior a|ligeiramente superior ao|ligeiramente acima de",
        "it": "poco più di|poco più del|un po' più di|di poco più di|leggermente più di|poco oltre|poco oltre il|poco oltre la|appena più di|poco sopra|leggermente superiore a|leggermente superiore al|leggermente superiore alla|leggermente sopra",
        "nl": "ruim|iets meer dan|net meer dan|net boven|iets boven|iets hoger dan|net hoger dan",
        "zh": "略超过|略高于|稍多于|稍高于|略多于|刚超过|刚刚超过|稍微超过|稍超过|刚过",
    },
    "under": {
        "en": "under|less than|below|fewer than|lower than|just below",
        "fr": "moins de|en dessous de|inférieur à|inférieure à|inférieurs à|inférieures à",
        "de": "weniger als|unter|unterhalb von",
        "es": "menos de|menos del|por debajo de|por debajo del|inferior a|inferior al|inferiores a|inferiores al",
        "pt": "menos de|abaixo de|abaixo dos|abaixo das|abaixo do|abaixo da|inferior a|inferiores a",
        "it": "meno di|sotto|inferiore a|inferiori a",
        "nl": "minder dan|onder|lager dan",
        "zh": "不到|少于|低于|小于|不足|不满",
        "ja": "未満|以下の",
        "ko": "미만|이하의",
    },
}  # fmt: skip
# ... and after it ('3 nights minimum', '18 or older', '500多', '30天以内', '5,000円から').
AFTER: dict[str, dict[str, str]] = {
    "min": {
        "en": "or more|or above|or older|or over|or higher|at least|minimum|min|and up|and above|and over|and older|+",
        "fr": "ou plus|au moins|minimum|et plus|au minimum",
        "de": "oder mehr|und mehr|mindestens|oder älter|minimum|und älter",
        "es": "o más|como mínimo|mínimo|al menos|en adelante",
        "pt": "ou mais|no mínimo|mínimo|pelo menos|em diante",
        "it": "o più|almeno|minimo|come minimo|in su",
        "nl": "of meer|minimaal|minimum|of ouder|en ouder",
        "zh": "以上|起|或以上|及以上|以后|之后",
        "ja": "以上|から|~|以降",
        "ko": "이상|부터|이후",
    },
    "max": {
        "en": "or less|or fewer|or under|at most|maximum|max|or younger|at the latest|tops|and under|and below|and younger",
        "fr": "ou moins|au plus|maximum|au maximum|au plus tard",
        "de": "oder weniger|höchstens|maximal|maximum|spätestens",
        "es": "o menos|como máximo|máximo|a lo sumo",
        "pt": "ou menos|no máximo|máximo",
        "it": "o meno|al massimo|massimo",
        "nl": "of minder|maximaal|maximum|hoogstens|uiterlijk|hooguit",
        "zh": "以内|以下|内|之内|为限",
        "ja": "以内|まで|以下|内|を上限|が上限|上限",
        "ko": "이내|까지|이하|안에",
    },
    "about": {
        "en": "or so|-ish|ish|give or take",
        "fr": "environ|à peu près",
        "de": "etwa|ungefähr|circa",
        "es": "aproximadamente|más o menos",
        "pt": "aproximadamente|mais ou menos",
        "it": "circa|più o meno",
        "nl": "ongeveer|circa",
        "zh": "左右|上下|前后",
        "ja": "ほど|くらい|ぐらい|程度|前後",
        "ko": "정도|쯤|가량|내외|안팎|대에서|대부터|대로|대의|대를|대이고|대예요|대입니다",
    },
    "nearly": {"ja": "弱|近く|足らず|に届かない|に少し届かない", "ko": "가까운|가까이|에 조금 못 미치|에 약간 못 미치|에 살짝 못 미치|에 못 미치|에 조금 못 미쳐|에 약간 못 미쳐|에 살짝 못 미쳐|에 못 미쳐|에 조금 못 미쳤|에 약간 못 미쳤|에 못 미쳤|이 조금 안 되|가 조금 안 되|이 채 안 되|가 채 안 되", "zh": "不到"},
    "over": {"zh": "多|余|有余|以上的", "ja": "超|を超える|以上の", "ko": "초과|넘게|여|이 넘|가 넘|을 넘|를 넘", "en": "plus", "de": "plus"},
    "just_over": {"zh": "出头|多一点", "ja": "強|余り|あまり|ちょっと", "ko": "남짓|를 조금 넘|을 조금 넘|이 조금 넘|가 조금 넘|를 약간 넘|을 약간 넘|이 약간 넘|가 약간 넘|를 살짝 넘|을 살짝 넘|조금 넘|약간 넘|살짝 넘"},
    "under": {"ja": "未満|足らず", "ko": "미만", "zh": "以下的"},
}  # fmt: skip

# Directions on two axes: a change (up or down) and a balance (credit to the reader, or a debit from them).
DIRECTION: dict[str, dict[str, str]] = {
    "up": {
        "en": "rise|rose|risen|rises|rising|increase|increased|increases|increasing|up|gain|gained|grew|grown|growth|higher|climbed|climb|jumped|hike|hiked|raised|raise|more",
        "fr": "hausse|augmentation|augmenté|augmente|progression|progressé|monté|grimpé|relevé|de plus|en plus",
        "de": "anstieg|gestiegen|steigt|steigen|stiegen|stieg|erhöhung|erhöht|zunahme|zugenommen|plus|höher|wachstum|gewachsen|mehr",
        "es": "subida|subió|sube|aumento|aumentó|aumenta|alza|incremento|incrementó|creció|crecimiento|más alto|más",
        "pt": "alta|aumento|aumentou|aumenta|subiu|sobe|subida|crescimento|cresceu|mais",
        "it": "aumento|aumentato|aumenta|crescita|cresciuto|rialzo|salito|salita|saliti|salite|salirà|salgono a|sale da|sale dal|incremento|rincaro|in più|di più",
        "nl": "stijging|gestegen|steeg|stijgt|toename|toegenomen|verhoging|verhoogd|groei|gegroeid|hoger|meer",
        "zh": "上涨|增长|上升|提高|增加|涨|上调|增幅|升至|升到|增至|多交|多付",
        "ja": "上昇|増加|値上げ|値上がり|増額|増|アップ|引き上げ|上乗せ",
        "ko": "상승|증가|증액|인상|올랐|오른|오릅|오르|늘어|늘었|증가했|높아|이익|수익|흑자",
    },
    "down": {
        "en": "fall|fell|fallen|falls|falling|decrease|decreased|decreases|down|drop|dropped|drops|decline|declined|lower|cut|reduced|dipped|dip|slump|shrank|shrunk|loss|lost|contracted|less",
        "fr": "baisse|diminution|diminué|diminue|recul|reculé|chute|chuté|baissé|baisser|repli|de moins|en moins",
        "de": "rückgang|gesunken|sinkt|sinken|sanken|sank|gefallen|fiel|senkung|gesenkt|abnahme|abgenommen|minus|niedriger|verlust|weniger",
        "es": "bajada|bajó|baja|caída|cayó|descenso|descendió|disminución|disminuyó|redujo|retroceso|menos|se abarata|abaratamiento|más barato|más barata",
        "pt": "queda|caiu|cai|baixa|baixou|reduziu|diminuição|diminuiu|recuo|recuou|menos",
        "it": "calo|calato|cala|diminuzione|diminuito|ribasso|sceso|discesa|ridotto|flessione|perdita|in meno|di meno",
        "nl": "daling|gedaald|daalde|daalt|afname|afgenomen|verlaging|verlaagd|krimp|gekrompen|lager|verlies|minder",
        "zh": "下降|下跌|减少|降低|跌|下滑|下调|降幅|降至|降到|降为|减至|减免|少交|少付",
        "ja": "下落|減少|値下げ|値下がり|減額|低下|減|ダウン|引き下げ",
        "ko": "하락|감소|감액|삭감|인하|내렸|내려|내립|떨어|줄어|줄었|줄고|낮아|손실|손해|적자",
    },
    "credit": {
        "en": "deducted from your bill|deducted from your next bill|deducted from your invoice|deducted from your next invoice|taken off your next bill|off your next bill|we owe you|owe you|go back onto your card|go back to your card|back onto your card|we'll pay you|we will pay you|paid back|we'll refund|we will refund|you'll get back|you will get back|credit|credited|refund|refunded|rebate|reimbursed|reimbursement|owed to you|back to you|paid to you|in your favour|in your favor|due to you|you will receive|you'll receive|you get back",
        "fr": "sera déduit de votre facture|sera déduit de votre prochaine facture|sera déduite de votre prochaine facture|déduit de votre facture|déduit de votre prochaine facture|recevoir|recevrez|recevez|vous sera versé|vous sera versée|remboursera|rembourserons|rappel de|à rembourser|remboursement|remboursé|crédit|crédité|en votre faveur|avoir|à recevoir|restitution|en faveur du locataire|en faveur du client",
        "de": "mit der nächsten rechnung verrechnet|von ihrer nächsten rechnung abgezogen|von ihrer rechnung abgezogen|erhalten sie|bekommen sie|erstatten wir|zurückerstattet|gutschreiben|wird erstattet|überweisen wir|erstattung|erstattet|gutschrift|gutgeschrieben|rückzahlung|guthaben|zurückerstattet|rückerstattung",
        "es": "se descontará de su próxima factura|se descontará de su factura|descontado de su factura|devuelven|devolverán|te devolvemos|te devuelven|te ingresarán|te ingresaremos|le ingresaremos|le ingresarán|ingresaremos|te ingresamos|abonaremos|abonará|recibirás|recibirá|reembolsaremos|reembolsará|a devolver|a su favor|devolución|devolvemos|devolverá|reembolso|reembolsado|abono|abonado|a recibir|le devolvemos",
        "pt": "descontado na próxima fatura|abatido na próxima fatura|pagar-lhe|pagar-te|vai receber|receberá|reembolsará|devolverá|devolvemos|creditaremos|tem a receber|tem ainda a receber|a restituir|restituição|restituída|restituído|reembolso|reembolsado|reembolsar|a receber|crédito|creditado|devolução|devolver|devolvido|devolvida|a seu favor|para você",
        "it": "le versiamo|ti versiamo|vi versiamo|le verseremo|ti verseremo|vi verseremo|le verrà versato|ti verrà versato|vi verrà versato|le sarà versato|ti sarà versato|vi sarà versato|detratto dalla prossima fattura|scalato dalla prossima bolletta|scalato dalla prossima fattura|riceverai|riceverà|rimborseremo|rimborserà|accrediteremo|accrediterà|verranno accreditati|le verranno accreditati|rimborso|rimborsato|a credito|credito|accredito|accreditato|a rimborso|a tuo favore|a suo favore|a suo credito|a tuo credito|restituito|restituiti",
        "nl": "verrekend met uw volgende factuur|verrekend met je volgende factuur|in mindering gebracht op uw volgende factuur|krijgt u terug|krijg je terug|terugstorten|teruggestort|te weinig ontvangen|in uw voordeel|in je voordeel|in jouw voordeel|bijschrijven|storten wij|terugbetaling|terugbetaald|terug te krijgen|teruggave|tegoed|bijgeschreven|restitutie|terug",
        "zh": "退还|退款|返还|应退|退税|返现|余额|结余|赚了|盈利",
        "ja": "還付|返金|払い戻し|返還|入金|振込|振り込|残高",
        "ko": "환급|환불|돌려받|돌려드리",
    },
    "debit": {
        "en": "you'll pay|you will pay|we'll charge|we will charge|will be charged|will be deducted|we'll deduct|we will deduct|overpaid|overpayment|debit|debited|charge|charged|you owe|owe|owed|payable|to pay|deducted|withdrawn|billed|surcharge|penalty|keeps|retains|retained|forfeit|forfeited|withheld|non-refundable|nonrefundable|we keep|we'll keep|we will keep|will be kept|is kept|are kept",
        "fr": "déduit du dépôt|déduits du dépôt|déduite du dépôt|déduites du dépôt|déduit de la caution|déduits de la caution|déduit du remboursement|déduits du remboursement|déduit de votre remboursement|trop-perçu|sera retenu|sera retenue|sera déduit|sera déduite|prélèverons|vous devrez payer|devrez payer|à payer|débit|débité|prélevé|prélèvement|à régler|dû|facturé|à verser|pénalité|conserve|conservé|retient|retenu|non remboursable|non remboursé|retiendrons|retiendra",
        "de": "müssen sie zahlen|zahlen sie|buchen wir ab|wird abgebucht|wird einbehalten|zu viel erhalten|überzahlung|nachzahlung|zu zahlen|abgebucht|belastung|belastet|nachzahlen|lastschrift|berechnet|zahlen|rückforderung|abzug|abgezogen|einbehalten|behält|verfällt|nicht erstattet|nicht erstattungsfähig|behalten wir",
        "es": "retención adicional|le tocará pagar|te tocará pagar|tendrá que pagar|tendrás que pagar|te cobraremos|te cobrarán|cobraremos|se te descontará|descontaremos|te descuentan|pagarás|deberá pagar|deberás pagar|a pagar|a ingresar|cargo|cargado|cobro|cobrado|adeuda|debe pagar|penalización|se queda con|retiene|retenido|no reembolsable|pierde|retenemos|retendremos|retendrá|se retiene|se retienen|nos quedamos con|nos quedaremos con",
        "pt": "deverá restituir|deve restituir|terá de pagar|vai pagar|pagará|será descontado|será cobrado|recebeu indevidamente|a pagar|débito|debitado|cobrança|cobrado|deve pagar|multa|fica com|ficará com|retém|retido|retida|não reembolsável|perde|retemos|reteremos|ficamos com",
        "it": "versare|paghi|a tuo carico|a suo carico|a vostro carico|a carico del cliente|a tuo debito|a suo debito|verranno addebitati|le verranno addebitati|addebiteremo|addebiterà|dovrà pagare|dovrai pagare|pagherai|ricevuto in eccesso|a debito|addebito|addebitato|da pagare|a pagare|da versare|penale|trattiene|trattenuto|trattenuta|non rimborsabile|tratteniamo|tratterremo|tratterrà|verrà trattenuto|verrà trattenuta",
        "nl": "te veel ontvangen|schrijven wij af|moet u betalen|moet je betalen|betaalt u|betaal je|bij te betalen|te betalen|afgeschreven|incasso|afschrijving|in rekening gebracht|boete|houdt|behoudt|ingehouden|vervalt|niet terugbetaald|houden wij|houden we",
        "zh": "加收|补税|需补税|还需补|补交|补缴|应缴|扣款|扣除|应付|收取|欠费|欠款|扣费|不予退还|不退|亏损|亏了",
        "ja": "引き落とされ|引き落とさ|追徴|納付|納める|追加で支払|追加で払|引き落とし|引落|請求|支払い|出金|不足|不足額|差し引",
        "ko": "납부|추가 납부|청구|출금|부과|추가 결제|추가로 결제|추가로 내",
    },
    # What a figure is, not where it went: a charge added to a price (a surcharge) or taken off it (a discount).
    # Its own axis: 'the discounted fee rises to €48' is a discount that rose; 'we refund the €20 surcharge' is
    # a credit of a surcharge.
    "surcharge": {
        "en": "supplement|extra charge|extra fee|additional charge|markup|mark-up",
        "fr": "majoration|majoré|majorée|surcoût|surtaxe",
        "de": "zuschlag|aufschlag|aufpreis|mehrpreis",
        "es": "recargo|recargos|suplemento|sobrecoste|sobrecargo|sobretasa",
        "pt": "sobretaxa|suplemento|taxa adicional",
        "it": "maggiorazione|maggiorazioni|maggiorato|maggiorata|supplemento|supplementi|sovrapprezzo|sovrattassa",
        "nl": "toeslag|toeslagen|meerprijs",
        "zh": "加价|附加费",
        "ja": "割増|割増料金|追加料金|加算",
        "ko": "할증|추가 요금|추가요금|가산",
    },
    # An addition is both: a price that rose, and a charge added to it ('um acréscimo de 15 % sobre o orçamento').
    "addition": {"pt": "acréscimo|acréscimos"},
    # A charge levied on top: a debit from the reader, and a charge added ('10%가 추가로 부과됩니다').
    "levied": {"fr": "supplément|suppléments", "ko": "추가로 부과|추가 부과|추가로 청구|추가 청구"},
    # A reduction is both: a price that fell, and a charge taken off it ('una riduzione del 30 %').
    "reduction": {
        "en": "reduction", "fr": "réduction|réduit|réduite|réduits|réduites", "de": "reduzierung", "es": "reducción", "pt": "redução",
        "it": "riduzione", "nl": "reductie",
    },
    "discount": {
        "en": "discount|discounted",
        "fr": "remise|rabais|ristourne",
        "de": "rabatt|ermäßigung|ermäßigt|preisnachlass|vergünstigung",
        "es": "descuento|rebaja|rebajado|rebajada",
        "pt": "desconto|abatimento",
        "it": "sconto|scontato|scontata",
        "nl": "korting",
        "zh": "折扣|优惠",
        "ja": "割引|値引き|値引",
        "ko": "할인",
    },
    # What a result is: a gain or a loss ('una ganancia del 1,4 %', 'o lucro caiu para …' is a gain that fell).
    "gain": {
        "fr": "gain|gains|plus-value", "de": "gewinn|gewinne|kursgewinn", "es": "ganancia|ganancias|plusvalía",
        "pt": "ganho|ganhos|lucro|valorização", "it": "guadagno|guadagni|plusvalenza", "nl": "winst|waardestijging",
    },
    "loss": {
        "fr": "perte|pertes|moins-value", "de": "verluste", "es": "pérdida|pérdidas|minusvalía",
        "pt": "perda|perdas|prejuízo|desvalorização", "it": "minusvalenza", "nl": "waardedaling",
    },
    # Words that hold a direction's word and name none: 'pay £85 up front' is no rise (read longest first).
    "none": {  # no direction: 'up front'; a tax added to a price ('140 € al mes más IVA') is no rise
        "en": "up front|up-front|upfront|paid up|up to date|up-to-date|plus vat|plus tax|plus taxes",
        "fr": "plus tva|plus taxes|en plus de la tva", "de": "plus mwst|plus mehrwertsteuer|plus ust",
        "es": "más iva|mas iva|más impuestos|más el iva", "pt": "mais iva|mais impostos|mais o iva",
        "it": "più iva|più l'iva", "nl": "plus btw",
    },
}  # fmt: skip
# The stems of the direction words, for the Latin-script languages whose verbs inflect past any list of forms
# ('cargarán', 'addebitati', 'riaccreditati', 'bijbetalen'): a word that starts with one is of its side. Each is
# long enough to name nothing else, and of one side only: 'abonar' (to pay, or to credit), 'cobrar' (to charge,
# or to be paid), 'carico' ('a tuo carico', 'figli a carico') are not stems; English's forms are listed whole.
STEMS: dict[str, tuple[str, ...]] = {
    "up": (
        "aument", "augment", "rincar", "rialz", "erhöh", "verhoog", "incrementa", "incrementó", "increment",
        "subirá", "subirán", "subiu", "subiram", "sobem", "salgono", "aufgeschlag",
    ),
    "down": (
        "diminu", "disminu", "ribass", "abbass", "rebaix", "baisser", "baisse", "baissé", "reduz", "reduc", "réduit",
        "réduis", "verlaag", "verminder", "verringer", "gesenkt", "senkt", "dimezz", "desceu", "descem", "descerá",
        "bajará", "bajarán", "bajan", "scende", "scendono", "scenderà",
    ),
    "credit": (
        "rembours", "erstatt", "compensaci", "gutschr", "gutgeschr", "rückerstatt", "zurücküberw", "devolv", "devuelv",
        "reembols", "reintegr", "accredit", "riaccredit", "rimbors", "restitu", "terugbeta", "terugstort", "teruggestort",
        "creditad", "creditar", "crédité", "créditer", "recrédit", "estorn", "ristorn", "storn", "bijgeschrev",
        "bijschrijv",
    ),
    "debit": (
        "addebit", "factur", "cargar", "cargad", "cargará", "cargue", "cobranç", "prélev", "prelev", "débité", "débiter",
        "debitad", "debitar", "abbuch", "abgebucht", "belastet", "belastung", "afschrijv", "afgeschrev", "bijbetal",
        "bijbetaal", "nachzahl", "nachgezahlt", "trattenut", "descontar", "descontad", "descontará", "detratt",
        "ingehoud", "einbehalt", "retenu", "retenid",
    ),
}  # fmt: skip
# The endings of German and Dutch compounds that name a direction ('Betriebskostenguthaben', 'Saunazuschlag',
# 'Mengenrabatt', 'energietoeslag'): a compound is of the side of its last word.
ENDINGS: dict[str, tuple[str, ...]] = {
    "up": ("erhöhung", "verhoging"),
    "down": ("senkung", "verlaging"),
    "credit": ("guthaben", "gutschrift", "erstattung", "teruggave", "terugbetaling"),
    "debit": ("nachzahlung", "nachforderung", "rückforderung", "naheffing", "bijbetaling"),
    "surcharge": ("zuschlag", "aufschlag", "aufpreis", "toeslag"),
    "discount": ("rabatt", "ermäßigung", "korting"),
}
AXES: dict[str, tuple[tuple[str, int], ...]] = {
    "up": (("change", 1),),
    "down": (("change", -1),),
    "credit": (("balance", 1),),
    "debit": (("balance", -1),),
    "surcharge": (("added", 1),),
    "discount": (("added", -1),),
    "reduction": (("change", -1), ("added", -1)),
    "addition": (("change", 1), ("added", 1)),
    "levied": (("balance", -1), ("added", 1)),
    "gain": (("result", 1),),
    "loss": (("result", -1),),
}

# Periods: what a rate is per, in time ('£9 a month', 'CHF 240 yearly', 'monatlich', '每月').
PERIODS: dict[str, dict[str, str]] = {
    "minute": {  # a rate by the minute ('R$ 0,50 por minuto', '0,29 €/min'; a compound unit reads its own: 'ml/min')
        "en": "per minute|a minute|each minute|every minute|/min|/minute", "fr": "par minute|la minute|à la minute|/min",
        "de": "pro minute|je minute|die minute|/min", "es": "por minuto|el minuto|cada minuto|/min", "pt": "por minuto|cada minuto|/min",
        "it": "al minuto|per minuto|ogni minuto|/min", "nl": "per minuut|elke minuut|/min", "zh": "每分钟|/分钟", "ja": "1分あたり|毎分|/分",
    },
    "hour": {
        "en": "an hour|per hour|/hour|/hr|/h|hourly|each hour|every hour|p/h",
        "fr": "par heure|/heure|/h|de l'heure|à l'heure|horaire|chaque heure", "de": "pro stunde|/stunde|/std|stündlich|je stunde|die stunde|jede stunde",
        "es": "por hora|/hora|la hora|a la hora|cada hora", "pt": "por hora|/hora|à hora|cada hora", "it": "all'ora|l'ora|per ora|/ora|orari|ogni ora",
        "nl": "per uur|/uur|elk uur", "zh": "每小时|/小时", "ja": "1時間あたり|時給|毎時", "ko": "시간당|매시간",
    },
    "day": {
        "en": "a day|per day|/day|daily|each day|every day|per diem",
        "fr": "par jour|/jour|quotidien|quotidienne|journalier|chaque jour", "de": "pro tag|/tag|täglich|am tag|je tag|tagessatz",
        "es": "al día|por día|/día|diario|diaria|cada día", "pt": "por dia|ao dia|/dia|diário|diária|cada dia",
        "it": "al giorno|per giorno|/giorno|giornaliero|giornaliera|ogni giorno", "nl": "per dag|/dag|dagelijks|elke dag",
        "zh": "每天|每日|/天|/日|日均|日租|日费", "ja": "1日あたり|毎日|日額|/日", "ko": "하루|매일|일일|일당",
    },
    "night": {
        "en": "a night|per night|/night|nightly|each night", "fr": "par nuit|la nuit|/nuit", "de": "pro nacht|/nacht|je nacht",
        "es": "por noche|la noche|/noche", "pt": "por noite|a noite|/noite", "it": "a notte|per notte|/notte",
        "nl": "per nacht|/nacht", "zh": "每晚|/晚", "ja": "1泊|一泊|1泊あたり", "ko": "1박|박당",
    },
    "week": {
        "en": "a week|per week|/week|/wk|weekly|each week|every week",
        "fr": "par semaine|/semaine|hebdomadaire", "de": "pro woche|/woche|wöchentlich|je woche|in der woche",
        "es": "a la semana|por semana|/semana|semanal", "pt": "por semana|à semana|/semana|semanal",
        "it": "a settimana|alla settimana|per settimana|/settimana|settimanale", "nl": "per week|/week|wekelijks",
        "zh": "每周|每星期|/周", "ja": "毎週|週あたり|週額", "ko": "매주|주당",
    },
    "month": {
        "en": "a month|per month|/month|/mo|monthly|each month|every month|per calendar month|pcm|p/m|once a month|billed monthly",
        "fr": "par mois|/mois|mensuel|mensuelle|mensuels|mensuelles|chaque mois|mensuellement|mensualité", "de": "pro monat|/monat|monatlich|im monat|je monat|monatliche|monatlichen|monatsbeitrag|monatspreis|monatsgebühr|monatsrate",
        "es": "al mes|por mes|/mes|mensual|mensuales|cada mes|mensualmente|mensualidad", "pt": "por mês|ao mês|/mês|mensal|mensais|cada mês|mensalmente|mensalidade",
        "it": "al mese|per mese|/mese|mensile|mensili|ogni mese|mensilmente", "nl": "per maand|/maand|maandelijks|maandelijkse|p/m|p.m.|maandbedrag|maandprijs|maandtarief|maandbijdrage|maandhuur",
        "zh": "每月|每个月|/月|月费|包月|月缴|月交|月租|月供", "ja": "月額|毎月|月々|/月|ひと月あたり", "ko": "매월|월|매달|월간|월 요금|월액|월정액",
    },
    "once": {
        "en": "one-time|one-off|once|once only|outright|in one payment|in a single payment", "fr": "une seule fois|unique|en une fois|au comptant", "de": "einmalig|einmalige|einmaligen|auf einmal",
        "es": "única vez|pago único|una sola vez|de una vez|en un solo pago", "pt": "única vez|pagamento único|uma só vez|de uma vez", "it": "una tantum|una sola volta|in un'unica soluzione",
        "nl": "eenmalig|eenmalige|in één keer|ineens", "zh": "一次性", "ja": "1回限り|一回限り|初回のみ", "ko": "일회|1회성",
    },
    "half_year": {
        "en": "half-yearly|semiannual|semi-annual|every six months|per semester|per half-year", "fr": "semestriel|semestrielle|semestriels|par semestre",
        "de": "halbjährlich|halbjährliche|pro halbjahr|pro semester", "es": "semestral|semestrales|por semestre", "pt": "semestral|semestrais|por semestre",
        "it": "semestrale|semestrali|a semestre", "nl": "halfjaarlijks|per halfjaar|per semester", "zh": "每半年", "ja": "半年ごと", "ko": "반기",
    },
    "quarter": {
        "en": "a quarter|per quarter|quarterly|each quarter", "fr": "par trimestre|trimestriel|trimestrielle",
        "de": "pro quartal|vierteljährlich|quartalsweise", "es": "por trimestre|trimestral", "pt": "por trimestre|trimestral",
        "it": "a trimestre|trimestrale|trimestrali", "nl": "per kwartaal|driemaandelijks", "zh": "每季度|每季|/季度|/季", "ja": "四半期ごと", "ko": "분기당|분기별",
    },
    "year": {
        "en": "a year|per year|/year|/yr|yearly|annually|annual|each year|every year|per annum|p.a.|a yr|per calendar year|a calendar year|once a year|once per year|billed annually|billed yearly|billed once a year",
        "fr": "par an|/an|annuel|annuelle|annuels|annuelles|par année|chaque année|annuellement|par année civile", "de": "pro jahr|/jahr|jährlich|im jahr|je jahr|jährliche|jährlichen|p.a.|pro kalenderjahr|je kalenderjahr|im kalenderjahr",
        "es": "al año|por año|/año|anual|anuales|cada año|anualmente|por año natural|por año civil", "pt": "por ano|ao ano|/ano|anual|anuais|cada ano|anualmente|por ano civil",
        "it": "all'anno|l'anno|per anno|/anno|annuo|annua|annuale|annuali|ogni anno|per anno solare|per anno civile", "nl": "per jaar|/jaar|jaarlijks|jaarlijkse|p.j.|per kalenderjaar|per boekjaar",
        "zh": "每年|/年|年费|全年|年缴|年交|年租", "ja": "年額|毎年|年間|/年", "ko": "매년|연간|연 |년간|연회비|연이용료|연봉|연이율|연 이율|연납",
    },
}  # fmt: skip
# What a figure is per, when not a period: 'per seat', 'per passenger, each way', 'par personne', '1인당'.
PER_WORDS = {
    "en": r"(?:and )?(?:per|a|an|each|for each|/)", "fr": r"(?:et )?(?:par|/|l'|la|le|chaque)", "de": r"(?:und )?(?:pro|je|/|für jeden|für jede|jeden|jede|jeder|jedes)",
    "es": r"(?:y )?(?:por|/|cada|el|la|al|a la)", "pt": r"(?:e )?(?:por|/|cada|o|a|ao|à)", "it": r"(?:e )?(?:per|a|/|ogni|al|alla)", "nl": r"(?:en )?(?:per|/|elke|ieder|iedere|p\.)",
}  # fmt: skip
PER_THINGS = {  # a noun after a 'per' word, to its canonical sense (a noun not listed is kept as written)
    "whole": "flat fee|flat rate|lump sum|forfait|pauschale|pauschalpreis|forfaitaire|forfettario|tanto alzado",
    "group": "group|groups|groupe|groupes|gruppe|gruppen|grupo|grupos|gruppo|gruppi|groep|groepen|团|グループ|組|그룹|팀",
    "tyre": "tyre|tyres|tire|tires|pneu|pneus|reifen|neumático|neumáticos|pneumatico|pneumatici|band|banden",
    "person": "person|persons|people|pers.|cabeza|cabeça|testa|tête|passenger|passengers|pax|head|guest|guests|participant|participants|participante|participantes|partecipante|partecipanti|deelnemer|deelnemers|teilnehmer|teilnehmerin|attendee|attendees|visitor|visitors|visitante|visitantes|visiteur|visiteurs|besucher|bezoeker|bezoekers|visitatore|visitatori|iscritto|iscritti|inscrito|inscrit|inscrits|student|students|aluno|alunos|alumno|alumnos|étudiant|étudiants|élève|élèves|studente|studenti|schüler|leerling|leerlingen|adulti|adultos|adultes|cubierto|cubiertos|couverts|child|children|figlio|figli|hijo|hijos|filho|filhos|kid|kids|enfant|enfants|kind|kinder|kinderen|niño|niños|criança|crianças|bambino|bambini|ragazzo|ragazzi|diner|diners|convive|convives|couvert|comensal|commensale|coperto|hoofd|insured|asegurado|asegurada|assuré|assurée|versicherte|versicherten|segurado|segurada|assicurato|assicurata|verzekerde|traveller|traveler|adult|adults|personne|personnes|passager|passagère|voyageur|voyageuse|adulte|person|personen|kopf|passagier|passagiere|reisenden|reisender|gast|erwachsenen|persona|personas|pasajero|huésped|viajero|adulto|pessoa|pessoas|passageiro|hóspede|viajante|passeggero|ospite|viaggiatore|persoon|passagiers|reiziger|volwassene|volwassenen|persone|erwachsene|erwachsener|gäste|gasten|ospiti|hóspedes|huéspedes|invités|convidados|invitados|p.p.|人|名|位|인|명",
    "seat": "seat|seats|user|users|subscriber|subscribers|member|abonné|abonnée|abonnent|abonnenten|abonado|assinante|abbonato|abonnee|licence|license|licences|licenses|siège|poste|utilisateur|licence|platz|arbeitsplatz|nutzer|benutzer|lizenz|asiento|puesto|puestos|usuario|licencia|assento|usuário|utilizador|licença|posto|utente|licenza|gebruiker|licentie|stoel|werkplek|席|用户|ユーザー|사용자",
    "way": "way|each way|one way|leg|ride|rit|fahrt|viaje|viagem|corsa|trajet|sens|aller|strecke|richtung|einfache fahrt|trayecto|ida|trecho|sentido|tratta|andata|enkele reis|richting|单程|片道|편도",
    "return": "return|return trip|round trip|round-trip|aller-retour|aller retour|hin- und rückfahrt|hin und zurück|ida y vuelta|ida e volta|andata e ritorno|retour|heen en terug|往返|往復|왕복",
    "pair": "pair|pairs|paire|paires|paar|paio|paia|par|pares|双|켤레",
    "stay": "stay|séjour|aufenthalt|estancia|estadia|estada|soggiorno|verblijf|入住|滞在|숙박",
    "booking": "booking|reservation|order|réservation|commande|buchung|bestellung|reserva|pedido|encomenda|prenotazione|ordine|boeking|reservering|bestelling|预订|订单|予約|注文|예약|주문",
    "room": "room|rooms|chambre|chambres|zimmer|habitación|habitaciones|quarto|quartos|camera|camere|kamer|kamers|客室|객실|房间|部屋",
    "item": "item|items|article|artikel|artículo|artigo|articolo|件|点|개",
    "each": "piece|pieces|stuk|stuks|pièce|stück|pieza|peça|pezzo|unit|unité|unidad|unidade|unità|eenheid",
    "bag": "bag|bags|piece of luggage|bagage|valise|gepäckstück|koffer|maleta|equipaje|mala|bagaglio|valigia|tas|行李|手荷物|수하물",
    "vehicle": "vehicle|vehicles|car|cars|voiture|véhicule|fahrzeug|pkw|auto|vehículo|coche|carro|veículo|veicolo|macchina|voertuig|auto's",
    "device": "device|devices|appareil|gerät|dispositivo|apparaat|设备|台|端末|기기",
    "kwh": "kwh|kilowatt-hour|kilowatt hour|kilowattuur|kilowattstunde|kilowattheure|kilovatio hora|kilovatio-hora|quilowatt-hora|chilowattora",
    "m2": "m²|m2|sqm|sq m|square metre|square meter|square metres|square meters|quadratmeter|qm|mètre carré|mètres carrés|metro cuadrado|metros cuadrados|metro quadrado|metros quadrados|metro quadro|metri quadri|metro quadrato|vierkante meter|平米|平方米|平方メートル|㎡|제곱미터",
    "m3": "m³|m3|cubic metre|cubic meter|kuub|kubieke meter|kubikmeter|mètre cube|metro cúbico|metro cubo",
    "km": "km|kilometre|kilometer|kilomètre|kilómetro|quilómetro|quilômetro|chilometro|kilometro",
    "l": "l|litre|liter|litro|lt",
    "pint": "pint|pints|pinte|pinta|pintes",
    "glass": "glass|glasses|verre|verres|glas|gläser|vaso|vasos|copo|copos|bicchiere|bicchieri|glazen",
    "gallon": "gallon|gallons|gal",
    "kg": "kg|kilo|kilogram|kilogramme|kilogramm|kilogramo|quilo|chilo",
    "transaction": "transaction|transactions|opération|transaktion|transacción|transação|operazione|transactie|笔|取引|건",
}  # fmt: skip
# A journey's extent said beside a fare, before or after it or as its list's label ('Single £12, Return £20',
# '单程票价：二等座553元', '€ 4,00 retour', '往返30元/人'): one way, or there and back.
JOURNEYS = {
    "return": "return|returns|return fare|return ticket|day return|round trip|round-trip|both ways|there and back|aller-retour|aller retour|a/r|hin- und rückfahrt|hin und zurück|hin und rück|rückfahrkarte|ida y vuelta|ida e volta|andata e ritorno|andata/ritorno|retour|retourtje|retourticket|heen en terug|往返|来回|往復|왕복",
    "way": "single|singles|single fare|single ticket|one way|one-way|each way|per way|per leg|each direction|aller simple|par trajet|par sens|einfache fahrt|pro strecke|je richtung|pro richtung|je strecke|solo ida|sólo ida|ida|sencillo|billete sencillo|por trayecto|por sentido|só ida|somente ida|por trecho|por sentido|solo andata|sola andata|andata|per tratta|corsa semplice|corsa singola|biglietto singolo|enkele reis|enkele rit|单程|片道|편도",
}
JOURNEY_SENSES = frozenset(JOURNEYS)  # one way, or there and back: a fare's own axis
# After 'per', 'par', 'por': an article makes it 'for', not 'each' ('per il parcheggio'), in the Romance languages;
# and in every language, some nouns make it 'by' ('per E-Mail', 'por favor', 'par exemple', '15 por ciento').
ROMANCE_ARTICLES = "il|lo|la|i|gli|le|l|un|una|uno|el|los|las|les|une|des|du|de|del|al|o|os|a|as|um|uma|ao|à|aux|ce|cette|cet|ces|cada|chaque|ogni|tutto|tutti|todos|todo|tous|tout"
NOT_PER = "favor|favore|ejemplo|exemple|esempio|exemplo|ciento|cento|cent|mail|e-mail|email|courrier|correo|posta|post|telefone|telefono|téléphone|teléfono|telefon|phone|fax|sms|brief|überweisung|lastschrift|nachnahme|rechnung|paypal|kreditkarte|via|voie|bank|banco|virement|bonifico|transferencia"
CALENDAR = "calendar|calendaires|calendaire|civils|kalendertage|kalendertagen|naturales|corridos|calendario|solari|di calendario|kalenderdagen|自然日|暦日|역일"  # fmt: skip

# Time zones, to their offset from UTC in minutes (standard time; a summer zone written as such keeps its own).
ZONES = {
    "utc": 0, "gmt": 0, "uk time": 0, "london time": 0, "british time": 0, "wet": 0, "heure de londres": 0,
    "lisbon time": 0, "hora de lisboa": 0, "bst": 60, "west": 60, "cet": 60, "mez": 60, "paris time": 60,
    "heure de paris": 60, "heure française": 60, "heure de bruxelles": 60, "berlin time": 60, "central european time": 60,
    "hora peninsular": 60, "hora de madrid": 60, "ora italiana": 60, "nederlandse tijd": 60, "amsterdam time": 60,
    "rome time": 60, "madrid time": 60, "deutscher zeit": 60, "deutsche zeit": 60, "cest": 120, "mesz": 120,
    "eet": 120, "eest": 180, "msk": 180, "ist": 330, "india time": 330, "sgt": 480, "hkt": 480, "beijing time": 480,
    "北京时间": 480, "jst": 540, "japan time": 540, "日本時間": 540, "kst": 540, "korea time": 540, "한국 시간": 540,
    "한국시간": 540, "aest": 600, "sydney time": 600, "brt": -180, "hora de brasília": -180, "horário de brasília": -180,
    "brasília": -180, "est": -300, "et": -300, "eastern": -300, "eastern time": -300, "new york time": -300,
    "edt": -240, "cst": -360, "ct": -360, "central time": -360, "central": -360, "mst": -420, "mt": -420,
    "mountain time": -420, "pst": -480, "pt": -480, "pacific": -480, "pacific time": -480, "pdt": -420,
    "뉴욕 시간": -300, "뉴욕 현지 시간": -300, "hora canaria": 0, "hora de canarias": 0,
    "미국 동부 시간": -300, "미 동부 시간": -300, "美国东部时间": -300, "美东时间": -300, "米国東部時間": -300,
    "米東部時間": -300, "英国时间": 0, "伦敦时间": 0, "ロンドン時間": 0, "런던 시간": 0, "中国时间": 480,
    "中国時間": 480, "중국 시간": 480, "일본 시간": 540, "韩国时间": 540, "韓国時間": 540, "ora di londra": 0,
    "ora locale greca": 120, "britischer zeit": 0, "britische zeit": 0, "londoner zeit": 0, "greek time": 120, "ora greca": 120, "hora de portugal": 0, "uk-tijd": 0, "londense tijd": 0, "engelse tijd": 0, "curaçaose tijd": -240, "surinaamse tijd": -180,
    "portugese tijd": 0, "spaanse tijd": 60, "台湾時間": 480, "台灣時間": 480, "台湾时间": 480, "대만 시간": 480,
    "horário de manaus": -240, "hora de manaus": -240, "hora dos açores": -60, "horário dos açores": -60,
    "horário de lisboa": 0, "britse tijd": 0, "finnischer zeit": 120,
    "finnische zeit": 120, "フランス時間": 60, "フランス現地時間": 60, "パリ時間": 60, "ハワイ時間": -600, "하와이 시간": -600,
    "하와이 시각": -600, "한국 시각": 540, "hawaii time": -600, "夏威夷时间": -600, "法国时间": 60,
}  # fmt: skip
# Zones named without an offset one can know from the words alone: a time said in one is not said in another.
LOCAL = "local time|local|heure locale|hora local|horario local|horário local|ora locale|lokale tijd|plaatselijke tijd|ortszeit|örtlicher zeit|lokaler zeit|현지 시간|현지시간|현지 시각|현지시각|現地時間|当地时间|当地時間"
LOCAL_WORDS = frozenset(LOCAL.split("|"))

# Fractions and multiples said in words: 'a third' (33.33%), 'half' (50%), 'double' (2 times).
FRACTIONS = {
    "en": {"a third": "33.33", "one third": "33.33", "two thirds": "66.67", "two-thirds": "66.67", "a quarter": "25", "one quarter": "25", "three quarters": "75", "three-quarters": "75", "half": "50", "a fifth": "20", "a tenth": "10"},
    "fr": {"un tiers": "33.33", "deux tiers": "66.67", "un quart": "25", "trois quarts": "75", "la moitié": "50", "un cinquième": "20", "un dixième": "10"},
    "de": {"ein drittel": "33.33", "zwei drittel": "66.67", "ein viertel": "25", "drei viertel": "75", "die hälfte": "50", "ein fünftel": "20", "ein zehntel": "10"},
    "es": {"un tercio": "33.33", "dos tercios": "66.67", "un cuarto": "25", "tres cuartos": "75", "la mitad": "50", "un quinto": "20", "una décima parte": "10", "una cuarta parte": "25", "la cuarta parte": "25", "tres cuartas partes": "75", "una tercera parte": "33.33", "la tercera parte": "33.33", "dos terceras partes": "66.67", "la quinta parte": "20"},
    "pt": {"um terço": "33.33", "dois terços": "66.67", "um quarto": "25", "três quartos": "75", "metade": "50", "um quinto": "20", "um décimo": "10", "a terça parte": "33.33", "a quarta parte": "25", "a quinta parte": "20"},
    "it": {"un terzo": "33.33", "due terzi": "66.67", "un quarto": "25", "tre quarti": "75", "la metà": "50", "metà": "50", "un quinto": "20", "un decimo": "10", "la terza parte": "33.33", "la quarta parte": "25", "la quinta parte": "20"},
    "nl": {"een derde": "33.33", "twee derde": "66.67", "een kwart": "25", "driekwart": "75", "de helft": "50", "een vijfde": "20", "een tiende": "10"},
    "zh": {"二分之一": "50", "三分之一": "33.33", "三分之二": "66.67", "四分之一": "25", "四分之三": "75", "一半": "50", "五分之一": "20", "十分之一": "10"},
    "ja": {"2分の1": "50", "二分の一": "50", "3分の1": "33.33", "三分の一": "33.33", "3分の2": "66.67", "4分の1": "25", "四分の一": "25", "半分": "50", "5分の1": "20", "10分の1": "10"},
    "ko": {"2분의 1": "50", "3분의 1": "33.33", "삼분의 일": "33.33", "3분의 2": "66.67", "4분의 1": "25", "절반": "50", "5분의 1": "20", "10분의 1": "10"},
}  # fmt: skip
MULTIPLES = {
    "en": {"double": "2", "doubled": "2", "twice": "2", "triple": "3", "tripled": "3", "treble": "3", "quadruple": "4", "dollar for dollar": "1", "one-for-one": "1", "one for one": "1", "round trip": "2", "round-trip": "2", "both ways": "2"},
    "fr": {"double": "2", "doublé": "2", "triple": "3", "triplé": "3", "euro pour euro": "1", "aller-retour": "2", "aller retour": "2"},
    "de": {"doppelt": "2", "doppelte": "2", "verdoppelt": "2", "dreifach": "3", "dreifache": "3", "verdreifacht": "3", "hin und zurück": "2", "hin- und rückfahrt": "2"},
    "es": {"doble": "2", "duplica": "2", "duplicado": "2", "triple": "3", "triplica": "3", "ida y vuelta": "2"},
    "pt": {"dobro": "2", "dobra": "2", "duplicado": "2", "triplo": "3", "triplica": "3", "ida e volta": "2"},
    "it": {"doppio": "2", "raddoppia": "2", "raddoppiato": "2", "triplo": "3", "triplica": "3", "andata e ritorno": "2"},
    "nl": {"dubbel": "2", "dubbele": "2", "verdubbeld": "2", "verdubbelt": "2", "drievoudig": "3", "driedubbel": "3", "verdrievoudigd": "3", "heen en terug": "2"},
    "zh": {"双倍": "2", "翻倍": "2", "翻一番": "2", "两倍": "2", "三倍": "3", "往返": "2"},
    "ja": {"倍額": "2", "2倍": "2", "二倍": "2", "3倍": "3", "三倍": "3", "往復": "2"},
    "ko": {"두 배": "2", "2배": "2", "세 배": "3", "3배": "3", "왕복": "2"},
}  # fmt: skip
POINTS = "percentage points?|points? de pourcentage|pts? de %|prozentpunkte?n?|puntos? porcentuales?|pontos? percentuais|punti percentuali|procentpunten?|个百分点|ポイント|%p|퍼센트포인트|basis points?|points?|pp|p\\.p\\."  # fmt: skip

# Words that say an answer adds, subtracts or multiplies figures ('in total', 'altogether', '2 points more'): a
# sum, a difference or a product of the context's figures is read as derived only where one is written.
CUES = (
    "total|in all|altogether|combined|overall|sum|more|less|fewer|difference|extra|additional|"
    "remaining|longer|shorter|save|saving|saves|cheaper|dearer|points|adds|added|works out|comes to|"
    "moins cher|revient|reviendra|s'ajoutent|ajoute|augmente de|baisse de|günstiger|teurer|hinzu|kommen|gerechnet|"
    "más barato|más caro|sale por|suma|súmale|mais barato|acrescenta|soma|sai por|più economico|costa meno|"
    "goedkoper|duurder|erbij|komt neer op|下来|往復|往返|差额|더 싸|저렴|"
    "au total|en tout|ensemble|de plus|de moins|différence|restant|restants|économisez|économie|points|"
    "insgesamt|zusammen|gesamt|mehr|weniger|differenz|unterschied|übrig|sparen|ersparnis|punkte|prozentpunkte|"
    "en total|en conjunto|juntos|más|menos|diferencia|restantes|ahorra|ahorro|puntos|"
    "no total|ao todo|juntos|mais|menos|diferença|restantes|economiza|economia|pontos|"
    "in totale|complessivamente|complessiva|complessivo|insieme|in più|in meno|differenza|restanti|risparmi|risparmio|punti|"
    "in totaal|samen|totaal|meer|minder|verschil|resterende|bespaar|besparing|punten|"
    "合计|总共|一共|共计|共|多|少|差|剩|省|个百分点|合計|全部で|計|差額|残り|お得|ポイント|합계|총|모두|더|덜|차이|남은|절약|포인트"
)

# An amount said for the whole of something, not for each ('290 € pauschal', '€ 90 voor het hele examen', 'für die
# ganze Familie', '650 € per la camera intera'): its own sense, 'whole', which is per no person or piece.
# A clock time's side, said before it: 'after 7 pm' (from it on), 'before 10:00' (up to it).
PAST_TIME = r"(?<![^\W\d_])(?P<not>(?:not|nicht|pas|no|não|non|niet)\s+(?:[^\s.;:!?]+\s+){0,5})?(?:(?P<after>after|from|après|à partir de|dès|nach|ab|después de las|después de la|después de|tras las|desde las|desde la|a partir de las|a partir de la|depois das|depois da|após as|após|a partir das|a partir da|dopo le|dopo l'|dopo|dalle|dalla|dall'|na|vanaf)|(?P<before>before|until|till|by|avant|jusqu'à|jusqu’à|vor|bis|antes de las|antes de la|hasta las|hasta la|antes das|antes da|até às|até as|prima delle|prima dell'|prima di|fino alle|entro le|voor|tot))\s*$"  # fmt: skip
# What is past a figure, denied after it: 'Mehr als 9 € zahlen Sie nicht', 'vehicles over 2.1 m cannot enter'.
NOT_ALLOWED = r"[^.;:!?–—,]{0,40}?(?<![^\W\d_])(?:cannot|can't|may not|must not|are not allowed|is not allowed|(?:kunnen|mogen|moeten|betaalt|betaal|zijn)\b[^.;:!?]{0,20}\bniet|(?:können|dürfen|müssen|zahlen|bezahlen)\b[^.;:!?]{0,24}\bnicht|ne (?:peu|doi|pai)\w*[^.;:!?]{0,12}\bpas|no (?:pued|deb|pag)\w*|non (?:poss|dev|pag)\w*|não (?:pod|dev|pag)\w*|않|못|不能|不得|不可)"  # fmt: skip
# ... and what makes a denied side a start: 'not possible before 3 pm', 'nicht vor 15 Uhr möglich' (not 'you need
# not check out before 11').
POSSIBLE = r"(?<![^\W\d_])(?:possible|possibile|possível|posible|mogelijk|möglich|allowed|permitted|permis|permitido|permitida|consentito|toegestaan|erlaubt|can|cannot|kann|können|kunnen|kan|peut|peuvent|puede|pueden|pode|podem|può|possono)(?![^\W\d_])"  # fmt: skip
# Hedge words of a clock time only ('gegen 22 Uhr'; 'gegen 18 € Aufpreis' is 'for', 'vers 15 pays' is 'to').
AT_TIME = r"(?:vers|gegen|omstreeks|hacia las?|sobre las?|verso l[e']?)\s*(?:les?|la|l'|den|de)?"
# ... of which a total ('79 € au total'): no price of one head, but of one of anything else, it may be.
TOTAL = r"en total|au total|in total|insgesamt|in totale|no total|in totaal|(?:valor|preço|prix|precio|prezzo) total"
WHOLE = (
    r"pauschal|forfaitaire|au forfait|en forfait|flat(?: fee| rate)|für (?:die|das|den) ganzen? \w+"
    r"|voor (?:het|de) hele \w+|for the (?:whole|entire) \w+|pour (?:toute la|tout le) \w+"
    r"|per (?:la|il|l') \w+ inter[ao]|para (?:todo el|toda la) \w+|para (?:o|a) \w+ inteir[oa]|para toda a \w+"
    r"|" + TOTAL
)
