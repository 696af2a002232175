import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@hiram/shared/testing/mockApi';
import { getToast } from '@hiram/shared/ui/toastStore';
import { fail, ok, renderRoute } from '../../testing/renderRoute';
import CertifySectionPage from './CertifySectionPage';
import type { FormItem } from './form';

const item = (over: Partial<FormItem>): FormItem => ({
  code: 'x',
  title: 'X',
  subtitle: '',
  cate: 'text',
  inputType: 'text',
  value: '',
  note: [],
  required: true,
  maxLength: 0,
  ...over,
});

const FORM = {
  title: 'Basic information',
  items: [
    item({ code: 'fullName', title: 'Full name', maxLength: 60 }),
    item({ code: 'idNumber', title: 'ID number', inputType: 'number', maxLength: 12 }),
    item({
      code: 'nationality',
      title: 'Nationality',
      cate: 'enum',
      note: [
        { name: 'Filipino', type: '1' },
        { name: 'Other', type: '2' },
      ],
    }),
    item({ code: 'birthDate', title: 'Birth date', cate: 'day' }),
    item({ code: 'city', title: 'City', cate: 'city' }),
  ],
};

const CITIES = {
  cities: [
    { name: 'Quezon City, Metro Manila', type: '137404' },
    { name: 'Cebu City, Cebu', type: '072217' },
  ],
};

const LIST_AFTER = (complete: boolean) =>
  ok({
    sections: [
      { key: 'basic', title: 'Basic', done: true },
      { key: 'personal', title: 'Personal', done: complete },
      { key: 'job', title: 'Job', done: complete },
      { key: 'ext', title: 'Extra', done: complete },
    ],
    progress: complete ? 100 : 25,
    complete,
  });

function setup(save: unknown, complete = false) {
  const api = mockApi({
    '/v3/certify/basic-person-info': ok(FORM),
    '/v3/certify/city-init': ok(CITIES),
    '/v3/certify/save-basic-info': save,
    '/v3/certify/certify-list': LIST_AFTER(complete),
    '/v3/certify/personal-info': ok({ title: 'Personal information', items: [] }),
  });
  renderRoute('/certify/basic?sessionId=s1&productId=4&amount=300000', '/certify/:section', <CertifySectionPage />);
  return api;
}

async function fillAll() {
  fireEvent.change(await screen.findByRole('textbox', { name: 'Full name' }), { target: { value: 'Juan Dela Cruz' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'ID number' }), { target: { value: '12-34 ab56' } });
  fireEvent.click(screen.getByRole('combobox', { name: 'Nationality' }));
  fireEvent.click(within(screen.getByRole('dialog', { name: 'Nationality' })).getByRole('radio', { name: 'Filipino' }));
  fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
  fireEvent.change(screen.getByLabelText('Birth date'), { target: { value: '1990-05-17' } });
  fireEvent.click(screen.getByRole('combobox', { name: 'City' }));
  fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'quezon' } });
  const sheet = screen.getByRole('dialog', { name: 'City' });
  expect(within(sheet).queryByRole('radio', { name: 'Cebu City, Cebu' })).toBeNull();
  fireEvent.click(within(sheet).getByRole('radio', { name: 'Quezon City, Metro Manila' }));
  fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
}

afterEach(() => vi.unstubAllGlobals());

describe('KYC section form', () => {
  it('renders the four kinds of item', async () => {
    setup(ok(null));
    expect(await screen.findByRole('heading', { name: 'Basic information' })).toBeTruthy();
    const id = screen.getByRole('textbox', { name: 'ID number' }) as HTMLInputElement;
    expect(id.inputMode).toBe('numeric');
    fireEvent.change(id, { target: { value: '12a3' } });
    expect(id.value).toBe('123');
    expect((screen.getByLabelText('Birth date') as HTMLInputElement).type).toBe('date');
    expect(screen.getByRole('combobox', { name: 'Nationality' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'City' })).toBeTruthy();
  });

  it('an enum picker applies only on Confirm; Cancel keeps the old value', async () => {
    setup(ok(null));
    const field = (await screen.findByRole('combobox', { name: 'Nationality' })) as HTMLInputElement;
    fireEvent.click(field);
    const sheet = screen.getByRole('dialog', { name: 'Nationality' });
    fireEvent.click(within(sheet).getByRole('radio', { name: 'Other' }));
    fireEvent.click(within(sheet).getByRole('button', { name: 'Cancel' }));
    expect(field.value).toBe('');
    fireEvent.click(field);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('radio', { name: 'Filipino' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(field.value).toBe('Filipino');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('marks required items left empty without calling the server', async () => {
    const api = setup(ok(null));
    fireEvent.click(await screen.findByRole('button', { name: 'Save and continue' }));
    const name = screen.getByRole('textbox', { name: 'Full name' });
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby')!)?.textContent).toBe('This field is required.');
    expect(api.calls('/v3/certify/save-basic-info')).toHaveLength(0);
  });

  it('sends code → value (option and city types, ISO day) and shows the field the server refuses', async () => {
    const api = setup(fail('400', 'You must be at least 18 years old.', { field: 'birthDate' }));
    await fillAll();
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    const day = screen.getByLabelText('Birth date');
    await waitFor(() => expect(day.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(day.getAttribute('aria-describedby')!)?.textContent).toBe('You must be at least 18 years old.');
    expect(screen.getByRole('textbox', { name: 'Full name' }).getAttribute('aria-invalid')).toBeNull();
    // Beside the field, focused, no toast; what was entered stays.
    expect(document.activeElement).toBe(day);
    expect(getToast()).toBeNull();
    expect((screen.getByRole('textbox', { name: 'Full name' }) as HTMLInputElement).value).toBe('Juan Dela Cruz');
    expect((screen.getByRole('combobox', { name: 'Nationality' }) as HTMLInputElement).value).toBe('Filipino');
    expect(api.calls('/v3/certify/save-basic-info')[0]![1]?.body).toBe(
      'fullName=Juan+Dela+Cruz&idNumber=123456&nationality=1&birthDate=1990-05-17&city=137404',
    );
  });

  it('after a save goes to the next open section, keeping the product and amount', async () => {
    setup(ok(null));
    await fillAll();
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByRole('heading', { name: 'Personal information' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/certify/personal?sessionId=s1&productId=4&amount=300000');
  });

  it('once all sections are done, returns to the product to apply', async () => {
    setup(ok(null), true);
    await fillAll();
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/productDetail?sessionId=s1&productId=4&amount=300000');
  });
});
