import type { LegalDocument } from './types';

export const loanTerms: LegalDocument = {
  effective: '2026-11-22',
  intro: [
    'Sakop ng mga tuntuning ito ang bawat loan na kukunin mo sa pamamagitan ng Hiram mula sa {company}, isang lending company na rehistrado sa Securities and Exchange Commission (SEC Registration No. {sec}, Certificate of Authority No. {coa}).',
    'May sariling loan agreement at disclosure statement din ang bawat loan, na makikita mo bago ka tumanggap. Kung may pagkakaiba ang mga ito sa mga tuntuning ito, ang loan agreement at disclosure statement ang masusunod.',
  ],
  sections: [
    {
      heading: 'Sino ang maaaring umutang',
      body: [
        [
          'Ikaw ay mamamayang Pilipino.',
          'Ikaw ay hindi bababa sa 18 taong gulang.',
          'May permanenteng address ka sa Pilipinas.',
          'May numero ng mobile, valid na ID mula sa gobyerno, at bank o e-wallet account ka, lahat sa sarili mong pangalan.',
        ],
        'Maaari kaming humingi ng karagdagang dokumento para makumpirma kung sino ka.',
      ],
    },
    {
      heading: 'Pag-apply at ang aming desisyon',
      body: [
        'Mag-apply ka sa app at magbigay ng totoo at kumpletong impormasyon. Magpapasya kami sa loob ng 1 araw at sasabihan ka namin sa app at sa SMS. Maaari kaming mag-apruba ng mas mababang halaga kaysa sa hiniling mo, o tumanggi.',
      ],
    },
    {
      heading: 'Ang makikita mo bago ka tumanggap',
      body: [
        'Bago ka tumanggap, ipinapakita ng app ang halaga, ang termino, ang takdang petsa o mga petsa ng bayad, ang interes, bawat singil, ang halagang talagang matatanggap mo, ang kabuuang babayaran mo, ang effective interest rate at ang mga singil kapag huli ang bayad. Ito ang disclosure statement na iniuutos ng Truth in Lending Act (Republic Act No. 3765). Wala kaming sinisingil na wala rito.',
      ],
    },
    {
      heading: 'Termino ng loan',
      body: [
        'May sariling termino ang bawat loan product, na ipinapakita bago ka tumanggap. Sinusunod ng mga takdang petsa ang oras sa Pilipinas.',
      ],
    },
    {
      heading: 'Pagtanggap ng pera',
      body: [
        'Matapos kang tumanggap, ipapadala namin ang pera sa account na pinili mo sa loob ng 1 hanggang 3 araw sa kalendaryo. Kung pumalya ang pagpapadala, sasabihan ka namin para makapili ka ng ibang account.',
      ],
    },
    {
      heading: 'Interes at mga singil',
      body: [
        'Babayaran mo ang interes at mga singil na nasa iyong disclosure statement at wala nang iba. Ang singil na ibinabawas sa halagang ipinapadala namin, gaya ng service fee, ay ipinapakita nang malinaw, kaya alam mo kung magkano mismo ang matatanggap mo.',
      ],
    },
    {
      heading: 'Mga limitasyon ng batas para sa maliliit at maiikling loan',
      body: [
        'Ang loan na walang kolateral, ₱10,000 o mas mababa, at babayaran sa loob ng 4 na buwan o mas maikli ay isang covered loan ayon sa BSP Circular No. 1133 (2021) at SEC Memorandum Circular No. 3, series of 2022. Para sa covered loan, hindi kami kailanman sisingil nang higit sa:',
        [
          'interes na 6% kada buwan (0.2% kada araw) sa halagang utang mo pa;',
          'effective interest rate, kasama ang interes at lahat ng singil, na 15% kada buwan (0.5% kada araw);',
          'multa sa huling bayad na 5% kada buwan ng halagang dapat bayaran at hindi pa nababayaran;',
          'sa kabuuan, ang interes, mga singil at multa nang magkakasama, 100% ng halagang hiniram mo, sa buong buhay ng loan kasama ang mga extension.',
        ],
      ],
    },
    {
      heading: 'Maagang pagbabayad',
      body: [
        'Maaari mong bayaran ang lahat o bahagi ng utang mo bago ang takdang petsa. Ipinapakita ng iyong disclosure statement kung paano binibilang ang maagang bayad at ang anumang kundisyon nito, bago ka tumanggap.',
      ],
    },
    {
      heading: 'Huling pagbabayad',
      body: [
        'Kung hindi mo mabayaran nang buo pagsapit ng takdang petsa, ilalapat ang multa sa huling bayad na nasa iyong disclosure statement simula sa susunod na araw, ayon sa iskedyul na nakasaad doon. Para sa covered loan, palagi itong nasa loob ng mga limitasyon sa itaas, at kapag umabot na sa 100% ng hiniram ang kabuuang singil, wala nang madadagdag. Pinapaalalahanan ka namin bago ang takdang petsa.',
      ],
    },
    {
      heading: 'Extension',
      body: [
        'Kung hindi ka makakabayad sa takdang petsa, maaari kang humiling na i-extend ang loan nang kasinghaba ng orihinal nitong termino. Para makapag-extend, babayaran mo muna ang interes at anumang multang dapat bayaran hanggang sa araw na iyon, pati ang extension fee kung mayroon, na ipinapakita bago ka magkumpirma. Ang natitira ay babayaran sa katapusan ng bagong panahon.',
      ],
    },
    {
      heading: 'Pagpapanatiling tama ng iyong detalye',
      body: [
        'Sabihan kami sa loob ng 3 araw kapag nagbago ang iyong pangalan, petsa ng kapanganakan o address, sa pamamagitan ng customer service sa app.',
      ],
    },
    {
      heading: 'Paglilipat ng iyong loan',
      body: [
        'Maaari naming ilipat (i-assign) ang iyong loan sa ibang kumpanya. Sasabihan ka namin nang hindi bababa sa 7 araw ng trabaho bago ito, kasama ang pangalan ng bagong kumpanya at kung paano ito babayaran. Hindi magbabago ang iyong mga tuntunin.',
      ],
    },
    {
      heading: 'Default',
      body: [
        'Naka-default ang iyong loan kung hindi mo nabayaran ang isang halaga sa takdang petsa nito, kung nagbigay ka ng maling impormasyon para makuha ang loan, o kung ang isang hatol ng korte laban sa iyo ay nanatiling hindi bayad sa loob ng 10 araw. Kapag naka-default, maaari naming hilingin na bayaran mo nang minsanan ang buong balanse, kasama lamang ang mga singil na pinapayagan ng iyong kasunduan at ng mga tuntuning ito.',
      ],
    },
    {
      heading: 'Patas na paniningil',
      body: [
        'Kami, at ang sinumang collection agency na nagtatrabaho para sa amin, ay sumusunod sa SEC Memorandum Circular No. 18, series of 2019. Hindi kami kailanman:',
        [
          'gagamit o magbabanta ng dahas, o magbabantang sirain ang iyong pangalan o ari-arian;',
          'gagamit ng insulto, malaswa o bastos na pananalita;',
          'magpapahiya sa iyo sa pamamagitan ng pagpapaskil o pagsasabi sa iba tungkol sa iyong utang;',
          'kokontak sa sinuman maliban sa iyo, kasama ang iyong pamilya, kaibigan, employer o mga contact sa telepono;',
          'magsasabi ng kasinungalingan, gaya ng makukulong ka kapag hindi ka nagbayad, o magpapanggap na abogado, korte o pulis;',
          'kokontak sa iyo bago mag-6:00 o pagkalipas ng 22:00 (oras sa Pilipinas), maliban kung pumayag ka o lampas na sa 15 araw ang pagkaantala ng iyong bayad.',
        ],
        'Kung may naniningil para sa amin na lumabag sa mga patakarang ito, paki-report ito sa amin at sa SEC.',
      ],
    },
    {
      heading: 'Mga reklamo',
      body: [
        'Makipag-ugnayan sa customer service sa app o sumulat sa {email}. Sasagot kami sa loob ng 3 araw ng trabaho. Kung hindi ka nasiyahan, maaari kang magreklamo sa Securities and Exchange Commission (www.sec.gov.ph), na nangangasiwa sa mga lending company.',
        'Ang mga tuntuning ito ay sakop ng mga batas ng Pilipinas.',
      ],
    },
  ],
};
