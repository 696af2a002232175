import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToast, hideToast } from '@hiram/shared/ui/toastStore';
import { consoleApi, fail, form, ok } from '../testing/consoleApi';
import { renderSection } from '../testing/renderSection';
import type { CompanyFields } from './api';
import { CompanyPage } from './CompanyPage';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => hideToast());
});

const DETAILS: CompanyFields = {
  corporateName: 'Hiram Lending Corporation',
  tradeName: 'Hiram',
  secRegistrationNo: 'CS2026-00417',
  certificateOfAuthorityNo: 'CA No. 3519',
  address: 'Unit 12B, 88 Ayala Avenue, Makati City',
  phone: '(02) 8123 4567',
  email: 'care@hiram.example',
  serviceHours: 'Mon–Sat, 8:00 AM – 8:00 PM',
  whatsapp: '+63 917 555 0199',
};

describe('company details', () => {
  it('says the configured details show until someone saves, and saves every field', async () => {
    const saved = { details: { ...DETAILS, phone: '(02) 8700 1234' }, fromConfiguration: false };
    const api = consoleApi({
      '/company-details': [ok({ details: DETAILS, fromConfiguration: true }), ok(saved)],
      '/company-details/save': ok(saved),
    });
    renderSection(<CompanyPage />);
    expect(await screen.findByText(/these are the server’s configured ones/)).toBeTruthy();
    const phone = screen.getByLabelText('Customer service telephone') as HTMLInputElement;
    expect(phone.value).toBe('(02) 8123 4567');
    fireEvent.change(phone, { target: { value: '(02) 8700 1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('/company-details/save')).toHaveLength(1));
    expect(form(api.calls('/company-details/save')[0]![1])).toEqual({ ...DETAILS, phone: '(02) 8700 1234' });
    await waitFor(() => expect(screen.queryByText(/configured ones/)).toBeNull());
    expect(getToast()?.message).toBe('Saved.');
  });

  it('marks the field the server refused', async () => {
    consoleApi({
      '/company-details': ok({ details: DETAILS, fromConfiguration: false }),
      '/company-details/save': fail('400', 'Please check: whatsapp.', { field: 'whatsapp' }),
    });
    renderSection(<CompanyPage />);
    const whatsapp = await screen.findByLabelText('Customer service WhatsApp');
    fireEvent.change(whatsapp, { target: { value: '(02) 8123 4567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(whatsapp.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByLabelText(/./).filter((input) => input.getAttribute('aria-invalid') === 'true')).toHaveLength(1);
  });
});
