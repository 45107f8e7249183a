import { localeShareImage } from '@/lib/share/page-image';

// The club page's share picture.
export { alt, contentType, generateStaticParams, size } from '@/lib/share/page-image';
export default localeShareImage('clubTitle');
