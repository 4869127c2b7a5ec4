import '@arco-design/web-react/dist/css/arco.min.css';
import './shell/styles.css';
import { createRoot } from 'react-dom/client';
import { App } from './shell/App.tsx';
import { mendArcoAria } from './shell/arco-aria.ts';
import { boot } from './shell/boot.ts';

const container = document.getElementById('root')!;
boot().then(
  (booted) => {
    mendArcoAria(document.body, { close: booted.i18n.t('common.close'), selectAll: booted.i18n.t('common.selectAll'), selectRow: booted.i18n.t('common.selectRow') });
    createRoot(container).render(<App {...booted} />);
  },
  (error: unknown) => {
    // Boot failed before any string could load: say so in both languages rather than show a blank page.
    container.textContent = `服务不可用 Service is not available. (${(error as Error).message})`;
  },
);
