import { localeShareImage } from '@/lib/share/page-image';

// This content page's share picture.
export { alt, contentType, generateStaticParams, size } from '@/lib/share/page-image';
export default localeShareImage('privacyTitle');
