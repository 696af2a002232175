// Marketing's console calls (permission manage_marketing): promotion
// templates, channel links with their funnels, site banners and the
// company's details. Saves are silent: the forms show a refused field
// beside the field itself.
import { useQuery } from '@tanstack/react-query';
import type { Fields } from '@hiram/shared/api/endpoints';
import type { components } from '@hiram/shared/api/schema.gen';
import { dataOf, get, post, type TypedForm } from '../api';

export type TemplateRow = components['schemas']['TemplateRow'];
export type LinkView = components['schemas']['LinkView'];
export type LinkFunnelRow = components['schemas']['LinkFunnelRow'];
export type BannerRow = components['schemas']['BannerRow'];
export type CompanyView = components['schemas']['CompanyView'];
export type CompanyFields = components['schemas']['CompanyFields'];

export const PAGE_SIZE = 20;

export const fetchTemplates = (page: number, pageSize = PAGE_SIZE) =>
  get('/promotion-templates', { page, pageSize });
/** Templates, the links' choice of them included: a save changes both. */
export const TEMPLATES_KEY = 'promotion-templates';
export const useTemplates = (page: number, pageSize = PAGE_SIZE) =>
  useQuery({ queryKey: [TEMPLATES_KEY, page, pageSize], queryFn: () => dataOf(fetchTemplates(page, pageSize)) });
export type TemplateForm = Omit<TemplateRow, 'id' | 'landingPath'>;
export const saveTemplate = (id: number | null, form: TemplateForm) =>
  post('/promotion-templates/save', { id: id ?? undefined, ...form }, { silent: true });

export const fetchLinks = (page: number) => get('/promotion-links', { page, pageSize: PAGE_SIZE });
export const LINKS_KEY = 'promotion-links';
export const useLinks = (page: number) => useQuery({ queryKey: [LINKS_KEY, page], queryFn: () => dataOf(fetchLinks(page)) });
export type LinkKind = 'register' | 'download';
/** A link as its dialog holds it: the documented fields but `id`, as typed, and its kind. */
export type LinkForm = TypedForm<Omit<Fields<'/api/staff/promotion-links/save', 'post'>, 'id' | 'kind'>> & { kind: LinkKind };
/** A link's kind and code are set when it is added; an edit leaves them out. */
export const saveLink = (id: number | null, form: LinkForm) =>
  post(
    '/promotion-links/save',
    id === null ? { ...form } : { ...form, id, kind: undefined, code: undefined },
    { silent: true },
  );

export const fetchBanners = (page: number) => get('/site-banners', { page, pageSize: PAGE_SIZE });
export const BANNERS_KEY = 'site-banners';
export const useBanners = (page: number) => useQuery({ queryKey: [BANNERS_KEY, page], queryFn: () => dataOf(fetchBanners(page)) });
/** A banner as its dialog holds it: the documented fields but `id`, as typed (`showsFrom` and `showsUntil` RFC 3339, or empty). */
export type BannerForm = TypedForm<Omit<Fields<'/api/staff/site-banners/save', 'post'>, 'id'>>;
export const saveBanner = (id: number | null, form: BannerForm) =>
  post('/site-banners/save', { id: id ?? undefined, ...form }, { silent: true });

export const fetchCompany = () => get('/company-details', {});
export const COMPANY_KEY = 'company-details';
export const useCompany = () => useQuery({ queryKey: [COMPANY_KEY], queryFn: () => dataOf(fetchCompany()) });
export const saveCompany = (fields: CompanyFields) =>
  post('/company-details/save', { ...fields }, { silent: true });
