// The About us page's texts, English and Filipino, in the feature's own chunk
// (featureTexts): the other borrower routes never download them.
import { featureTexts } from '@hiram/shared/i18n/i18n';

export const en = {
  'about.p1': 'Hiram is a mobile lending service for Filipinos who need a small cash loan quickly and want to know exactly what it will cost.',
  'about.p2': 'You apply on your phone with a valid ID. We decide within one day, send approved loans to your bank or e-wallet account, and show every peso of interest and fees before you accept.',
  'about.p3': 'We treat borrowers with respect: no hidden charges, no contacting your friends or family, and a real person to answer your questions.',
  'about.lender': 'Hiram is run by {company}, a lending company registered with the Securities and Exchange Commission. Each loan is made by the lender named on its product page, agreement and disclosure: {company} or another lending or financing company registered with the SEC.',
  'about.company': 'Company that runs Hiram',
  'about.sec': 'SEC Registration No.',
  'about.coa': 'Certificate of Authority No.',
  'about.email': 'Customer service e-mail',
};

export type AboutKey = keyof typeof en;

export const fil: Record<AboutKey, string> = {
  'about.p1': 'Ang Hiram ay isang mobile lending service para sa mga Pilipinong nangangailangan agad ng maliit na cash loan at gustong malaman kung magkano talaga ang magagastos.',
  'about.p2': 'Mag-apply ka sa iyong telepono gamit ang valid ID. Magpapasya kami sa loob ng isang araw, ipapadala ang naaprubahang loan sa iyong bank o e-wallet account, at ipapakita ang bawat piso ng interes at singil bago ka tumanggap.',
  'about.p3': 'Iginagalang namin ang mga nanghihiram: walang nakatagong singil, hindi namin kinokontak ang iyong mga kaibigan o pamilya, at may totoong taong sasagot sa iyong mga tanong.',
  'about.lender': 'Pinapatakbo ang Hiram ng {company}, isang lending company na rehistrado sa Securities and Exchange Commission. Ang bawat loan ay ibinibigay ng nagpapahiram na nakapangalan sa pahina ng produkto, kasunduan at disclosure nito: ang {company} o ibang lending o financing company na rehistrado sa SEC.',
  'about.company': 'Kompanyang nagpapatakbo ng Hiram',
  'about.sec': 'SEC Registration No.',
  'about.coa': 'Certificate of Authority No.',
  'about.email': 'E-mail ng customer service',
};

export const t = featureTexts(en, fil);
