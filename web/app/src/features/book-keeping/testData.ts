// Replies of the book's calls, shared by the pages' tests.
import type { StatisticsView } from './api/dataStatistics';
import type { CategoryList } from './api/getCategoryList';
import type { MonthList, RecordView } from './api/getList';

export const CATEGORIES: CategoryList = {
  expense: [
    { key: 'food', kind: 'expense', title: 'Food and groceries', icon: 'food' },
    { key: 'transport', kind: 'expense', title: 'Fare and transport', icon: 'transport' },
    { key: 'other_expense', kind: 'expense', title: 'Other expenses', icon: 'dots' },
  ],
  income: [
    { key: 'salary', kind: 'income', title: 'Salary and wages', icon: 'wallet' },
    { key: 'remittance', kind: 'income', title: 'Remittance received', icon: 'gift' },
  ],
};

export const record = (over: Partial<RecordView> = {}): RecordView => ({
  id: 7,
  kind: 'expense',
  amount: 12550,
  category: 'food',
  categoryTitle: 'Food and groceries',
  icon: 'food',
  date: '2026-05-14',
  note: 'Tanghalian',
  image: '',
  ...over,
});

export const MAY: MonthList = {
  month: '2026-05',
  previousMonth: '2026-04',
  nextMonth: '2026-06',
  currentMonth: '2026-05',
  income: 1_500_000,
  expense: 17_050,
  balance: 1_482_950,
  records: [
    record({ id: 9, kind: 'income', amount: 1_500_000, category: 'salary', categoryTitle: 'Salary and wages', icon: 'wallet', note: 'Kinsenas' }),
    record({ id: 8, amount: 4_500, category: 'transport', categoryTitle: 'Fare and transport', icon: 'transport', note: '' }),
    record({ id: 7, date: '2026-05-02', image: '/pany/uploads/abc' }),
  ],
};

export const APRIL: MonthList = {
  ...MAY,
  month: '2026-04',
  previousMonth: '2026-03',
  nextMonth: '2026-05',
  income: 0,
  expense: 0,
  balance: 0,
  records: [],
};

export const MAY_STATISTICS: StatisticsView = {
  month: '2026-05',
  previousMonth: '2026-04',
  nextMonth: '2026-06',
  currentMonth: '2026-05',
  income: 1_500_000,
  expense: 17_500,
  balance: 1_482_500,
  expenseByCategory: [
    { category: 'food', title: 'Food and groceries', icon: 'food', amount: 13_000, share: 7429 },
    { category: 'transport', title: 'Fare and transport', icon: 'transport', amount: 4_500, share: 2571 },
  ],
  incomeByCategory: [{ category: 'salary', title: 'Salary and wages', icon: 'wallet', amount: 1_500_000, share: 10_000 }],
  months: [
    { month: '2025-12', income: 300_000, expense: 0 },
    { month: '2026-01', income: 0, expense: 0 },
    { month: '2026-02', income: 0, expense: 0 },
    { month: '2026-03', income: 0, expense: 0 },
    { month: '2026-04', income: 0, expense: 5_000 },
    { month: '2026-05', income: 1_500_000, expense: 17_500 },
  ],
};
