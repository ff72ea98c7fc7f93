/**
 * <Figure> (remark-doc-images turns each picture of a doc into one): the picture and its dark twin, a link to the
 * largest size (the image island opens it in a dialog) and the caption.
 */
import { islandMarker } from '../../../contract/islands';
import {
  DOC_IMAGE_CAPTION_CLASS,
  DOC_IMAGE_CLASS,
  DOC_IMAGE_DARK_CLASS,
  DOC_IMAGE_LIGHT_CLASS,
  DOC_IMAGE_LINK_CLASS,
  FULL_WIDTH_ATTRIBUTE,
} from '../../../contract/doc-images';
import { largestPicture } from '../../doc-images';
import { useDocRender } from './context';
import { Picture } from './Picture';

interface FigureProps {
  src: string;
  alt: string;
  caption?: string;
  /** The widest the figure is shown, in CSS pixels, its mat included (a screenshot at its own size); by default the column's. */
  width?: string;
  /** Set by remark-doc-images: the picture's absolute path, its dark twin's, and whether it is on the first screen. */
  image?: string;
  dark?: string;
  eager?: boolean;
}

export function Figure({ src, alt, caption, width, image, dark, eager }: FigureProps) {
  const { images, fail } = useDocRender();
  const light = image ? images.get(image) : undefined;
  if (!light) return fail(`<Figure src="${src}"> was not processed: write src as a quoted path to a picture beside the MDX file`);
  const darkData = dark ? images.get(dark) : undefined;
  // With a dark twin both pictures are lazy: the browser then fetches only the one its colour mode displays.
  const loading = eager && !darkData ? 'eager' : 'lazy';
  const pictures = darkData ? (
    <>
      <Picture data={light} alt={alt} loading={loading} className={DOC_IMAGE_LIGHT_CLASS} />
      <Picture data={darkData} alt={alt} loading={loading} className={DOC_IMAGE_DARK_CLASS} />
    </>
  ) : (
    <Picture data={light} alt={alt} loading={loading} />
  );
  const full = largestPicture(light);
  const linked = alt !== '' && full.src !== '';
  return (
    // A decorative picture (alt="") is no link: there is nothing to name it by, nor to look at more closely.
    <figure className={DOC_IMAGE_CLASS} style={width ? { maxWidth: `${width}px` } : undefined} {...islandMarker('image')}>
      {linked ? (
        <a className={DOC_IMAGE_LINK_CLASS} href={full.src} {...{ [FULL_WIDTH_ATTRIBUTE]: full.width }}>
          {pictures}
        </a>
      ) : (
        pictures
      )}
      {caption ? <figcaption className={DOC_IMAGE_CAPTION_CLASS}>{caption}</figcaption> : null}
    </figure>
  );
}
