import { jsonApi } from '@hiram/shared/api/endpoints';
import type { components } from '@hiram/shared/api/schema.gen';

/** The landing configuration of a promotion template. */
export type ChannelTemplate = components['schemas']['TemplateView'];

export const CHANNEL_TEMPLATE_PATH = '/api/v2/youmi/service/channel/channel-template';

/** Code "00" gives the template; the helper shows any other code's message, or the network error. */
export function getChannelTemplate(templateId: string) {
  return jsonApi.get(CHANNEL_TEMPLATE_PATH, { templateId });
}
