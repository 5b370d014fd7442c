"""Words that say nothing of what a figure is said of, by language: pronouns, articles, prepositions,
auxiliaries and the commonest verbs (beside the function words that tell languages apart, in ``lexicon``).
Data only; ``subject`` reads it. Each word is lowercased; words are compared by their first five letters."""

from __future__ import annotations

FUNCTION_WORDS = {
    "en": """about above across after again against all also although among another any anyone are around because
        been before behind being below between both but can cannot could did does doing done down during each
        either else even ever every few for from further get gets getting give given goes going got had has have
        having her here hers him his how however into its itself just let like made make makes many may might
        more most much must near need needs neither next nor now off once one only onto other others otherwise
        ours out over own per please same she should since some such take takes than that the their theirs them
        then there these they this those though through thus till too toward towards under unless until upon
        use used very via was way well were what when whenever where whether which while who whom whose why
        will with within without would yes yet you your yours able also back first last new old""",
    "fr": """à afin ainsi alors après aussi autre autres avant avec avez avoir ayant bien ça car ce ceci cela celle
        celles celui ces cet cette ceux chaque chez comme comment dans depuis donc dont elle elles encore entre
        été étaient était être eux fait faire fois ici ils jusque leur leurs lors lorsque lui mais même mes moins
        mon ne ni nos notre nous on ont par parce pendant peu peut peuvent plus pour pourquoi quand que quel
        quelle quelles quels qui quoi sans sera seront ses si sinon soit son sont sous sur ta tandis tant tes ton
        tous tout toute toutes très tu un une vers via voici voilà vos votre vous""",
    "de": """aber alle allem allen aller alles als also am an andere anderen anders auch auf aus bei beim bereits
        bin bis bist bitte da dabei dafür damit dann darf darauf daher dass dein deine dem den denen denn der
        deren des dessen die dies diese diesem diesen dieser dieses doch dort du durch ein eine einem einen einer
        eines er es etwa euch euer für gegen gibt hat haben hatte hier ihm ihn ihnen ihr ihre ihrem ihren ihrer
        im in ist jede jedem jeden jeder jedes jetzt kann kein keine können man mehr mein mit muss müssen nach
        nicht noch nun nur ob oder ohne schon sehr sein seine sich sie sind so soll sollen sowie über um und uns
        unser unsere unter vom von vor während war waren wenn wer werden wie wieder wir wird wo zu zum zur""",
    "es": """al algo algún alguna algunas alguno algunos ante antes aquí así aunque bajo cada como con contra cual
        cuales cuando de del desde donde durante el ella ellas ellos en entre era eran es esa esas ese eso esos
        esta está están estas este esto estos fue han hay hace hacer hasta la las le les lo los más me mi mis
        mientras muy nada ni no nos nosotros nuestra nuestras nuestro nuestros o os otra otras otro otros para
        pero poco por porque puede pueden puedes que qué se sea según ser si sí sin sobre son su sus también
        tan te tiene tienen tienes todo todos tras tu tú tus un una uno unos usted ustedes va vez y ya""",
    "pt": """à ao aos aquela aquele aqui as às até cada com como da das de dela dele depois desde do dos durante e
        ela ele eles em entre era essa esse esta está estão este eu foi há isso isto já la lhe mais mas me mesmo
        meu minha muito na nas nem no nos nossa nosso num numa o os ou outra outras outro outros para pela pelas
        pelo pelos pode podem por porque quando que se sem ser seu seus sua suas também tem têm toda todas todo
        todos tu um uma você vocês vai""",
    "it": """a ad agli ai al alla alle allo anche ancora avere che chi ci come con cui da dai dal dalla dalle del
        dell della delle dello dei di dopo dove e è ed era essere fa fra gli ha hai hanno ho il in la le lei lo
        loro lui ma mi mia mio molto ne negli nei nel nella nelle no noi non o ogni per perché più può qui quale
        quando quella quelle quello questa queste questo se sei si sia sono su sua sue sui sul sulla suo suoi
        tra tu tua tue tuo tuoi un una uno vi voi""",
    "nl": """aan al alle als alleen andere ben bij binnen daar dan dat de deze die dit door dus een eens en er
        geen heb hebben heeft hem het hier hij hoe hun ik in is je jij jou jouw kan kun kunnen kunt maar me meer
        met mij mijn moet moeten na naar niet nog nu of om onder ons onze ook op over per te tegen toe tot u uit
        uw van veel voor want was wat we wel werd wie wij wil worden wordt zal ze zich zij zijn zo zodat zonder""",
}
