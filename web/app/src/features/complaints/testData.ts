// Replies of the complaint calls, shared by the pages' tests.
import type { ComplaintDetail } from './api/problemDetail';
import type { ComplaintInit, ComplaintOrder } from './api/problemInit';
import type { ComplaintList } from './api/problemList';

export const order = (over: Partial<ComplaintOrder> = {}): ComplaintOrder => ({
  orderNo: 'HR0001',
  orderId: 4,
  productLogo: '',
  productName: 'Hiram Flex 91',
  status: 174,
  isShow: 1,
  list: [
    { title: 'Loan amount', value: '₱5,000.00' },
    { title: 'Loan number', value: 'HR0001' },
    { title: '', value: 'Repaying' },
  ],
  ...over,
});

/** A loan under review: no collection complaint about it. */
export const REVIEW_ORDER = order({
  orderNo: 'HR0002',
  orderId: 5,
  productName: 'Hiram Quick 30',
  status: 21,
  isShow: 0,
  list: [{ title: 'Loan number', value: 'HR0002' }],
});

export const INIT: ComplaintInit = {
  problemType: [
    { title: 'Collection', value: 1 },
    { title: 'Repayment and payments', value: 2 },
  ],
  problemSonType: [
    { title: 'They contacted people other than me', value: 11 },
    { title: 'Rude, threatening or shaming words', value: 13 },
  ],
  orderDetail: order(),
  orderList: [order(), REVIEW_ORDER],
};

export const LIST: ComplaintList = {
  tabs: [
    {
      title: 'All',
      list: [
        { id: 8, reference: 'HC-0000084', time: '2026-03-02 10:15', type: 'Repayment and payments', content: 'My payment is not posted' },
        { id: 7, reference: 'HC-0000076', time: '2026-03-01 09:00', type: 'Collection', content: 'They called my boss' },
      ],
    },
    { title: 'Processing', list: [{ id: 8, reference: 'HC-0000084', time: '2026-03-02 10:15', type: 'Repayment and payments', content: 'My payment is not posted' }] },
    { title: 'Replied', list: [] },
  ],
};

export const DETAIL: ComplaintDetail = {
  problemId: 7,
  reference: 'HC-0000076',
  type: 'Collection',
  sonType: 'They contacted people other than me',
  content: 'They called my boss',
  images: ['/pany/uploads/aaa', '/pany/uploads/bbb'],
  disposeDetail: 'We spoke to the agency; it will not happen again.',
  disposeImages: ['/pany/uploads/ccc'],
  answeredBy: 'Liza S.',
  answeredOn: '2026-03-03',
  isNeedScore: 1,
  score: null,
  canRequestCallback: 0,
  callbackRequestedOn: '',
  callbackDueOn: '',
  regulator: '',
  regulatorContact: '',
};

/** The regulator's channel as the server sends it after a low rating (the configured default). */
export const REGULATOR =
  'If our answer does not settle your complaint, the Financial Products and Services Consumer Protection Act (Republic Act No. 11765) lets you bring it to the Securities and Exchange Commission (SEC), which regulates lending and financing companies. Give them your complaint number.';

/** The detail after a rating of 2 stars, before a call back is asked for. */
export const RATED_LOW: ComplaintDetail = {
  ...DETAIL,
  isNeedScore: 0,
  score: 2,
  canRequestCallback: 1,
  regulator: REGULATOR,
  regulatorContact: 'SEC contact (as the operator set it)',
};
