import type { RepayItem, RepayOverview } from './api/repayIndex';
import type { RepayList } from './api/repayList';
import type { BillInfo } from './api/repayProductInfo';

export const LOAN: RepayItem = {
  kind: 'order',
  id: 41,
  name: 'Bayanihan Cash Express',
  orderNo: 'HR202603010004',
  amount: 560_000,
  amountText: '₱5,600.00',
  dueDate: '2026-03-20',
  daysLeft: 10,
  repeat: 'none',
  repeatText: 'Once',
  reminder: { on: true, daysBefore: 2, time: '09:30', text: '2 days before, at 09:30', nextAt: '2026-03-18 09:30' },
};

export const OVERDUE: RepayItem = {
  ...LOAN,
  id: 42,
  name: 'Kalesa Quick Pera',
  orderNo: 'HR202512010002',
  amount: 312_345,
  amountText: '₱3,123.45',
  dueDate: '2026-03-03',
  daysLeft: -7,
  reminder: null,
};

export const BILL: RepayItem = {
  kind: 'bill',
  id: 7,
  name: 'Meralco',
  orderNo: '',
  amount: 245_075,
  amountText: '₱2,450.75',
  dueDate: '2026-03-15',
  daysLeft: 5,
  repeat: 'monthly',
  repeatText: 'Every month',
  reminder: { on: false, daysBefore: 1, time: '20:00', text: '1 day before, at 20:00', nextAt: '' },
};

export const LIST: RepayList = { orders: [LOAN, OVERDUE], bills: [BILL] };

export const INDEX: RepayOverview = {
  today: '2026-03-10',
  windowDays: 30,
  upcoming: [OVERDUE, BILL, LOAN],
  upcomingTotal: 312_345 + 245_075 + 560_000,
  upcomingTotalText: '₱11,174.20',
  remindersOn: 1,
};

export const BILL_INFO: BillInfo = {
  repayProductId: 7,
  name: 'Meralco',
  amount: 245_075,
  amountText: '₱2,450.75',
  dueDate: '2026-02-15',
  nextDueDate: '2026-03-15',
  repeat: 'monthly',
  repeatText: 'Every month',
  note: 'kuryente',
  reminder: BILL.reminder,
};
