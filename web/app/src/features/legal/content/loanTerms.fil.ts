import type { LegalDocument } from './types';

export const loanTerms: LegalDocument = {
  effective: '2026-11-28',
  intro: [
    'Pinapatakbo ang Hiram ng {company}, isang lending company na rehistrado sa Securities and Exchange Commission (SEC Registration No. {sec}, Certificate of Authority No. {coa}). Ang bawat loan ay ibinibigay ng nagpapahiram na nakapangalan sa pahina ng produkto nito at sa loan agreement at disclosure statement nito: ang {company} o ibang lending o financing company na rehistrado sa SEC. Ang nagpapahiram na iyon ang iyong pinagkakautangan. Sakop ng mga tuntuning ito ang bawat loan na kukunin mo sa pamamagitan ng Hiram, alinmang nagpapahiram ang magbigay nito.',
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
        'Araw-araw na nadaragdagan ng interes ang prinsipal na utang mo pa (declining balance), sa buwanang rate ng iyong kasunduan na hinati sa 30, mula sa araw na ipadala namin ang pera. Habang binabayaran mo ang prinsipal, bumababa rin ang interes.',
        'Babayaran mo ang interes na iyon at ang mga singil na nasa iyong disclosure statement, at wala nang iba. Ang singil na ibinabawas sa halagang ipinapadala namin, gaya ng service fee, ay ipinapakita nang malinaw, kaya alam mo kung magkano mismo ang matatanggap mo.',
      ],
    },
    {
      heading: 'Mga limitasyon ng batas para sa maliliit at maiikling loan',
      body: [
        'Ang loan na walang kolateral, {maxAmount} o mas mababa, at babayaran sa loob ng {maxMonths} buwan sa kalendaryo ay isang covered loan. Ang mga hangganan nito ay sa rule set ng batas na umiiral sa araw na ginawa, ni-renew o binago ang loan. Para sa mga loan na ginawa mula {ruleSince}, iyon ang {ruleSource}. Para sa covered loan, hindi kami kailanman sisingil nang higit sa:',
        [
          'nominal na interes na {nominal} kada buwan (mga {nominalDaily} kada araw) sa prinsipal na utang mo pa;',
          'effective interest rate na {eir} kada buwan (mga {eirDaily} kada araw): ang interes at bawat singil maliban sa multa, bilang buwanang rate sa perang talagang natanggap mo;',
          'multa sa huling bayad na {penalty} kada buwan ng nakatakdang halagang lampas na sa takdang petsa, ibig sabihin, ng mga hulog na dapat nang bayaran at hindi pa bayad, hindi ng buong loan;',
          'sa kabuuan, ang interes, mga singil, multa at bawat iba pang singil nang magkakasama, {totalCost} ng halagang hiniram mo, sa buong buhay ng loan, kasama ang mga extension at iba pang renewal.',
        ],
        'Nakasaad sa disclosure statement ng bawat loan ang rule set na sumasaklaw dito.',
      ],
      withoutRuleSet: [
        'Ang maliit, maikli at walang kolateral na loan ay isang covered loan. Hindi namin ito kailanman sisingilin nang higit sa mga hangganan ng rule set ng batas na umiiral sa araw na ginawa, ni-renew o binago ito: sa nominal na interes; sa effective interest rate, na ang interes at bawat singil maliban sa multa, bilang buwanang rate sa perang talagang natanggap mo; sa multa sa huling bayad, na sinisingil lamang sa mga hulog na dapat nang bayaran at hindi pa bayad; at sa lahat ng singil nang magkakasama, sa buong buhay ng loan, kasama ang mga extension at iba pang renewal.',
        'Hindi namin nakuha ang mga hangganang iyon sa ngayon; buksan muli ang pahinang ito para makita ang mga ito. Nakasaad sa disclosure statement ng bawat loan ang rule set na sumasaklaw dito at ang mga hangganan nito.',
      ],
    },
    {
      heading: 'Maagang pagbabayad',
      body: [
        'Maaari mong bayaran ang lahat o bahagi ng utang mo anumang oras. Ang perang ibinayad bago ang takdang petsa ay nagbabawas sa prinsipal na utang mo, kaya bumababa rin ang interes na darating pa.',
        'Nakasaad sa iyong kasunduan ang araw ng maagang pagbabayad. Mula sa araw na iyon, ang pagbabayad nang buo sa loan ay ang prinsipal na utang mo pa at ang interes hanggang sa araw ng iyong pagbayad, kasama ang anumang singil at multang dapat nang bayaran, at wala nang iba. Bago ang araw na iyon, ang halaga ay ang nakasaad sa iyong kasunduan: ang interes hanggang sa araw na iyon sa prinsipal na utang mo pa, hindi kailanman higit sa interes ng iyong iskedyul. Ipinapakita ng pahina ng pagbabayad kung magkano ang pagbabayad nang buo ngayong araw.',
      ],
    },
    {
      heading: 'Huling pagbabayad',
      body: [
        'Kung hindi mo mabayaran nang buo ang isang hulog pagsapit ng takdang petsa nito, ilalapat sa hulog na iyon ang multa sa huling bayad na nasa iyong disclosure statement simula sa susunod na araw, ayon sa iskedyul na nakasaad doon. Para sa covered loan, palagi itong nasa loob ng mga limitasyon sa itaas, at kapag umabot na sa hangganan ng kabuuang halaga ang lahat ng singil, wala nang madadagdag. Pinapaalalahanan ka namin bago ang takdang petsa.',
      ],
    },
    {
      heading: 'Extension',
      body: [
        'Nakasaad sa kasunduan ng bawat loan kung maaari itong i-extend, ilang beses, ilang araw inililipat ng bawat extension ang iyong mga takdang petsa, at ang extension fee. Para makapag-extend, babayaran mo ang interes hanggang sa araw na iyon, ang anumang multa at singil na dapat nang bayaran, at ang extension fee. Mananatiling utang ang prinsipal, at patuloy itong magkakaroon ng interes hanggang sa mga bagong takdang petsa.',
        'Ang extension ay renewal ng iyong loan. Bago ka magbayad, ipinapakita ng app ang sarili nitong disclosure statement: kung magkano ito, ang mga bagong takdang petsa at ang effective interest rate nito ayon sa rule set na umiiral sa araw na iyon. Hindi iniaalok ang extension na lalampas sa isang hangganan.',
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
