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
    { title: 'Order number', value: 'HR0001' },
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
  list: [{ title: 'Order number', value: 'HR0002' }],
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
        { id: 8, time: '2026-03-02 10:15', type: 'Repayment and payments', content: 'My payment is not posted' },
        { id: 7, time: '2026-03-01 09:00', type: 'Collection', content: 'They called my boss' },
      ],
    },
    { title: 'Processing', list: [{ id: 8, time: '2026-03-02 10:15', type: 'Repayment and payments', content: 'My payment is not posted' }] },
    { title: 'Replied', list: [] },
  ],
};

export const DETAIL: ComplaintDetail = {
  problemId: 7,
  type: 'Collection',
  sonType: 'They contacted people other than me',
  content: 'They called my boss',
  images: ['/pany/uploads/aaa', '/pany/uploads/bbb'],
  disposeDetail: 'We spoke to the agency; it will not happen again.',
  disposeImages: ['/pany/uploads/ccc'],
  isNeedScore: 1,
};
