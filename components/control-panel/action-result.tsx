import { Notice } from '@/components/ui/notice';
import type { PanelActionResult } from '@/lib/control-panel/action-request';

/** The answer of a panel action: a status when it worked, an alert when it was refused. */
export function ActionResult({ result }: { result: PanelActionResult }) {
  return (
    <Notice tone={result.ok ? 'success' : 'error'} size="sm" role={result.ok ? 'status' : 'alert'}>
      {result.message}
    </Notice>
  );
}
