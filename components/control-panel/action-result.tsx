import type { PanelActionResult } from '@/lib/control-panel/actions';
import { panelAlertClass, panelSuccessClass } from './styles';

/** The answer of a panel action: a status when it worked, an alert when it was refused. */
export function ActionResult({ result }: { result: PanelActionResult }) {
  return (
    <p
      role={result.ok ? 'status' : 'alert'}
      className={result.ok ? panelSuccessClass : panelAlertClass}
    >
      {result.message}
    </p>
  );
}
