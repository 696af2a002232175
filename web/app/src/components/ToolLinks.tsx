import { t, type MessageKey } from '@hiram/shared/i18n/i18n';
import { appLink } from '../lib/links';
import { Link } from './Link';

/** The borrower's tools, reachable from home (beside its My account link) and listed in the personal centre. */
export const TOOLS: readonly { path: string; label: MessageKey }[] = [
  { path: '/calculator', label: 'page.calculator' },
  { path: '/bookKeeping', label: 'page.bookKeeping' },
  { path: '/repaymentReminders', label: 'page.repaymentReminders' },
  { path: '/complaint', label: 'page.complaint' },
  { path: '/customerService', label: 'page.customerService' },
];

/** The tools as a grid of links. */
export function ToolLinks({ labelledBy }: { labelledBy: string }) {
  return (
    <ul className="app-tools" aria-labelledby={labelledBy}>
      {TOOLS.map((tool) => (
        <li key={tool.path}>
          <Link to={appLink(tool.path)}>{t(tool.label)}</Link>
        </li>
      ))}
    </ul>
  );
}
