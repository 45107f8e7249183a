import { localeShareImage } from '@/lib/share/page-image';

// The landing's share picture (PNG: WhatsApp, Instagram and Facebook do not render SVG).
export { alt, contentType, generateStaticParams, size } from '@/lib/share/page-image';
export default localeShareImage('shareTitle', {
  src: '/images/banners/banner-1.svg',
  width: 740,
  height: 420,
});
