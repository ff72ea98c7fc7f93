/** One processed picture of a doc: a raster as <picture> with WebP, an SVG as it is, or a "being processed" note. */
import { MainImage, type IGatsbyImageData } from 'gatsby-plugin-image';
import { DOC_IMAGE_PENDING_CLASS, DOC_IMAGE_SVG_CLASS } from '../../../contract/doc-images';
import { CONTENT_STRINGS } from '../../../contract/strings';
import type { DocImageData } from '../../doc-images';

// GatsbyImage's wrapper, sizer and <picture> (MainImage) without its fade-in: GatsbyImage hides the picture until
// a script of its own shows it, which would leave it blank without JavaScript, on paper, and on every first load
// pay for that script. Here the picture shows as it arrives, over its placeholder colour.
function RasterPicture({ image, alt, loading }: { image: IGatsbyImageData; alt: string; loading: 'eager' | 'lazy' }) {
  const { width, height, backgroundColor } = image;
  // One line per srcset, as GatsbyImage writes it (gatsbyImageData separates the candidates with newlines).
  const oneLine = (srcSet: string) => srcSet.replace(/\n/g, '');
  const images = {
    fallback: image.images.fallback && { ...image.images.fallback, srcSet: image.images.fallback.srcSet && oneLine(image.images.fallback.srcSet) },
    sources: image.images.sources?.map((source) => ({ ...source, srcSet: oneLine(source.srcSet) })),
  };
  const box = `<svg height='${Math.round(height)}' width='${width}' xmlns='http://www.w3.org/2000/svg' version='1.1'></svg>`;
  return (
    <div
      data-gatsby-image-wrapper=""
      className="gatsby-image-wrapper gatsby-image-wrapper-constrained"
      style={{ position: 'relative', overflow: 'hidden', display: 'inline-block', verticalAlign: 'top', backgroundColor }}
    >
      {/* Reserves the picture's box before it loads (no layout shift), at most its width, scaled down with the column. */}
      <div style={{ maxWidth: width, display: 'block' }}>
        <img
          alt=""
          role="presentation"
          aria-hidden="true"
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(box)}`}
          style={{ maxWidth: '100%', display: 'block', position: 'static' }}
        />
      </div>
      <MainImage
        {...images}
        alt={alt}
        loading={loading}
        width={width}
        height={Math.round(height)}
        style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
      />
    </div>
  );
}

export function Picture({ data, alt, loading, className }: { data: DocImageData; alt: string; loading: 'eager' | 'lazy'; className?: string }) {
  if (data.kind === 'pending') {
    // Honest about it: the picture itself appears with Gatsby's own update, a moment later.
    return (
      <div className={`${className ?? ''} ${DOC_IMAGE_PENDING_CLASS}`.trim()} role="img" aria-label={alt}>
        {CONTENT_STRINGS.imagePending}
      </div>
    );
  }
  return (
    <div className={className}>
      {data.kind === 'raster' ? (
        <RasterPicture image={data.image} alt={alt} loading={loading} />
      ) : (
        // SVG as it is, from its own URL (an <img> runs none of its scripts); width and height reserve its box.
        <img className={DOC_IMAGE_SVG_CLASS} src={data.src} width={data.width} height={data.height} alt={alt} loading={loading} decoding="async" />
      )}
    </div>
  );
}
