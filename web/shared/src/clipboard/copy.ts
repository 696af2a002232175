import { t } from '../i18n/i18n';
import { showToast } from '../ui/toastStore';

function legacyCopy(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  let ok = false;
  try {
    ok = typeof document.execCommand === 'function' && document.execCommand('copy');
  } catch {
    ok = false;
  }
  area.remove();
  return ok;
}

/**
 * Copies text and toasts "copy success". Uses the async clipboard when there
 * is one (secure contexts), else a hidden textarea and execCommand (older
 * Android web views).
 */
export async function copyText(text: string): Promise<boolean> {
  let ok = false;
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      ok = true;
    } catch {
      ok = legacyCopy(text);
    }
  } else {
    ok = legacyCopy(text);
  }
  showToast(ok ? t('toast.copySuccess') : t('toast.copyFailed'));
  return ok;
}
