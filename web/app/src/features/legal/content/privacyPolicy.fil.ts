import type { LegalDocument } from './types';

export const privacyPolicy: LegalDocument = {
  effective: '2026-11-28',
  intro: [
    'Ipinapaliwanag ng patakarang ito kung paano pinangangasiwaan ng {company} (“kami”), ang lending company sa likod ng Hiram, ang iyong personal na impormasyon kapag ginagamit mo ang Hiram app, website at mga promotion page.',
    'Sinusunod namin ang Data Privacy Act of 2012 (Republic Act No. 10173), ang mga implementing rule nito, at ang mga circular ng National Privacy Commission (NPC), kasama ang NPC Circular No. 20-01 tungkol sa personal na datos sa mga transaksyong may kinalaman sa pautang. Kung may hindi malinaw dito, sumulat sa amin sa {email}.',
  ],
  sections: [
    {
      heading: 'Ano ang aming kinokolekta',
      body: [
        [
          'Ang ibinibigay mo sa amin: pangalan, petsa ng kapanganakan, kasarian, civil status, address, numero ng mobile at e-mail; isang valid ID at selfie para makumpirma kung sino ka; ang iyong trabaho at kita; at ang bank o e-wallet account kung saan namin ipapadala ang iyong loan.',
          'Ang nangyayari sa iyong account: mga aplikasyon, desisyon, halaga, takdang petsa ng bayad, mga bayad, extension, at ang iyong mga mensahe at reklamo sa customer service.',
          'Ang nakukuha sa iyong telepono, kung papayag ka lamang: tingnan ang “Impormasyon ng device” sa ibaba.',
          'Ang ibinibigay ng iba kung pinapayagan ng batas: credit information mula sa Credit Information Corporation at mga accredited na credit bureau, at mga resulta ng pagsusuri ng pagkakakilanlan at laban sa panloloko.',
        ],
      ],
    },
    {
      heading: 'Bakit namin ito ginagamit',
      body: [
        [
          'Para buksan at protektahan ang iyong account at para makapag-log in ka gamit ang one-time code.',
          'Para kumpirmahin ang iyong pagkakakilanlan at maiwasan ang panloloko at money laundering.',
          'Para suriin at pagpasyahan ang iyong aplikasyon.',
          'Para ipadala ang iyong loan, paalalahanan ka sa takdang petsa at itala ang iyong mga bayad.',
          'Para sagutin ang iyong mga tanong at reklamo.',
          'Para tuparin ang aming mga tungkulin sa Securities and Exchange Commission (SEC), sa Credit Information Corporation, sa Anti-Money Laundering Council at sa iba pang awtoridad.',
          'Kung papayag ka lamang nang hiwalay, para sabihan ka tungkol sa mga bagong alok. Maaari kang tumanggi at makakautang ka pa rin.',
        ],
        'Ginagamit namin ang iyong impormasyon dahil humiling ka ng loan sa amin, dahil iniuutos ito ng batas, o dahil pumayag ka. Hindi namin ibinebenta ang iyong personal na impormasyon.',
      ],
    },
    {
      heading: 'Kanino namin ito ibinabahagi',
      body: [
        'Ibinabahagi lamang namin ang kailangan ng bawat isa:',
        [
          'ang nagpapahiram na gumagawa ng iyong loan, kapag hindi kami: ang lending o financing company na rehistrado sa SEC na nakapangalan sa pahina ng produkto, kasunduan sa loan at disclosure statement nito, para magpasya sa iyong aplikasyon, ibigay ang iyong loan at singilin ito; pinoprotektahan nito ang iyong impormasyon gaya ng sa patakarang ito;',
          'mga kumpanyang nagtatrabaho para sa amin sa ilalim ng nakasulat na kasunduang nag-oobliga sa kanilang protektahan ang iyong datos (cloud hosting, pagpapadala ng SMS at voice call, pagsusuri ng pagkakakilanlan, mga bangko at payment channel);',
          'ang Credit Information Corporation at mga accredited na credit bureau, ayon sa Republic Act No. 9510;',
          'mga ahensya ng gobyerno at korte, kapag iniuutos ng batas o ng isang legal na utos;',
          'isang kumpanyang hahawak ng iyong loan, matapos ka naming abisuhan (tingnan ang mga tuntunin at kundisyon ng loan).',
        ],
        'Hindi namin kailanman ibinabahagi ang iyong impormasyon sa iyong mga contact, pamilya, kaibigan o employer para maningil ng utang, at hindi namin ito ipinapaskil sa publiko o sa social media.',
      ],
    },
    {
      heading: 'Cookies at katulad na teknolohiya',
      body: [
        'Nag-iimbak ang aming mga pahina ng maliliit na datos sa iyong browser (cookies at session storage) para manatili kang naka-log in at para matandaan ang iyong wika. Hindi kami naglalagay ng advertising cookies o tracker ng ibang kumpanya sa mga pahina para sa mga nanghihiram. Kapag hindi nagbibigay ang aming app ng identifier para sa iyong phone, bibigyan ng mga pahina ang browser na ito ng random na identifier at itatago ito sa isang cookie; ipinapadala ito kasama ng iyong mga request at wala itong sinasabi tungkol sa iyo o sa iyong phone.',
        'Binibilang ng mga promotion page ang mga pagbisita at pag-sign up bawat campaign para masukat ang sarili naming advertising; hindi ka nito nakikilala hangga’t hindi ka nagrerehistro. Maaari mong burahin ang cookies at site data sa iyong browser anumang oras; kakailanganin mo lamang mag-log in muli.',
      ],
    },
    {
      heading: 'Impormasyon ng device',
      body: [
        'Humihingi kami ng pahintulot bago kami magbasa ng anuman mula sa iyong telepono, sinasabi namin kung bakit, at itinatala namin ang iyong sagot. Kung papayag ka, maaari naming basahin ang:',
        [
          'modelo ng telepono, operating system at isang device identifier, para protektahan ang iyong account laban sa panloloko;',
          'ang tinatayang lokasyon mo habang nag-a-apply, para makumpirmang nasa Pilipinas ka;',
          'mga larawang pinili mong kunan o i-upload, gaya ng iyong ID;',
          'ang iyong mga contact, kung pipiliin mo lamang na ibahagi ang mga ito, at para lamang suriin ang iyong aplikasyon.',
        ],
        'Hindi kailanman gagamitin ang iyong mga contact para kausapin ang sinuman maliban sa iyo. Hindi namin ginagamit ang iyong contact list, call log, photo gallery o social media para maningil ng utang. Maaari mong tanggihan o bawiin ang isang pahintulot sa settings ng iyong telepono anumang oras; maaaring gawin sa ibang paraan ang ilang pagsusuri.',
      ],
    },
    {
      heading: 'Mga menor de edad',
      body: [
        'Ang Hiram ay para lamang sa mga edad 18 pataas. Hindi kami sadyang nangongolekta ng impormasyon mula sa mas bata. Kapag nalaman naming may menor de edad na nagrehistro, isasara namin ang account at buburahin ang impormasyon, maliban sa kailangan naming itago ayon sa batas.',
      ],
    },
    {
      heading: 'Ang iyong password at ang seguridad ng account',
      body: [
        'Huwag ibigay kaninuman ang iyong mga one-time code at password. Hindi kailanman hihingin ng aming staff ang mga ito sa tawag, SMS, chat o e-mail. Gumamit ng password na hindi bababa sa 8 character na hindi mo ginagamit sa ibang lugar, at mag-log out kapag gumamit ka ng teleponong hiram o pinaghahatian.',
        'Pinoprotektahan namin ang iyong impormasyon sa pamamagitan ng encryption habang ipinapadala ito, access lamang para sa staff na nangangailangan nito, talaan ng mga aktibidad, at mga session ng pag-log in na nag-e-expire. Kung may security breach na maaaring makasama sa iyo, aabisuhan ka namin at ang NPC sa loob ng 72 oras mula nang malaman namin ito, ayon sa batas.',
      ],
    },
    {
      heading: 'Gaano katagal namin ito itinatago',
      body: [
        'Itinatago namin ang mga rekord ng iyong account at loan habang bukas ang iyong account, at pagkatapos nito hangga’t iniuutos ng batas (halimbawa, hindi bababa sa limang taon mula sa iyong huling transaksyon ayon sa mga patakaran laban sa money laundering). Pagkatapos, buburahin namin ang mga ito o gagawing anonymous.',
      ],
    },
    {
      heading: 'Ang iyong mga karapatan at kung paano tumanggi',
      body: [
        'Ayon sa Data Privacy Act, may karapatan kang:',
        [
          'malaman kung paano ginagamit ang iyong impormasyon;',
          'makita ang iyong impormasyon at makakuha ng kopya nito;',
          'tumutol sa paggamit nito, kasama ang para sa marketing;',
          'maitama ang mali o kulang na impormasyon;',
          'maipabura o maipa-block ang impormasyong hindi na kailangan o ginamit nang labag sa batas;',
          'matanggap ang iyong impormasyon sa karaniwang electronic format (data portability);',
          'bawiin ang iyong pahintulot anumang oras (hindi nito binabago ang nagawa na, at itinatago namin ang iniuutos ng batas);',
          'humingi ng danyos kung napinsala ka ng paglabag sa iyong mga karapatan sa privacy;',
          'magsampa ng reklamo sa National Privacy Commission (www.privacy.gov.ph).',
        ],
        'Para ihinto ang mga mensahe sa marketing o gamitin ang alinman sa mga karapatang ito, sumulat sa {email}. Sasagot kami sa loob ng 15 araw ng trabaho. Hindi humihinto ang mga mensahe tungkol sa mga loan mo sa amin, gaya ng paalala sa takdang petsa, kapag itinigil mo ang marketing.',
      ],
    },
    {
      heading: 'Data Protection Officer at mga reklamo',
      body: [
        'Ang aming Data Protection Officer ang humahawak sa mga tanong at hinaing tungkol sa privacy. Sumulat sa Data Protection Officer ng {company} sa {email}, na may “Privacy” sa subject. Kung hindi ka nasiyahan sa aming sagot, maaari kang magreklamo sa National Privacy Commission.',
      ],
    },
    {
      heading: 'Mga pagbabago sa patakarang ito',
      body: [
        'Maaari naming baguhin ang patakarang ito kapag nagbago ang aming serbisyo o ang batas. Lalabas dito ang bagong bersyon kasama ang petsa ng bisa nito. Kung makakaapekto ang pagbabago sa paggamit namin ng iyong impormasyon, sasabihan ka namin sa app o sa SMS bago ito magkabisa at, kung iniuutos ng batas, hihingin naming muli ang iyong pahintulot.',
      ],
    },
  ],
};
