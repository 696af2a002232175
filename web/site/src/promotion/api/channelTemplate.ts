import { jsonClient } from '@hiram/shared/api/request';

/** The landing configuration of a promotion template. */
export interface ChannelTemplate {
  id: number | string;
  appName: string;
  headline: string;
  subheadline: string;
  buttonText: string;
  themeColor: string;
  downloadAndroidUrl: string;
  downloadIosUrl: string;
}

export const CHANNEL_TEMPLATE_PATH = '/api/v2/youmi/service/channel/channel-template';

/** Code "00" gives the template; the helper shows any other code's message, or the network error. */
export function getChannelTemplate(templateId: string) {
  return jsonClient.get<ChannelTemplate>(CHANNEL_TEMPLATE_PATH, { templateId });
}
