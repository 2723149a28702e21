import { ICON_SPRITE_URL } from 'virtual:icon-sprite';
import { type ForwardRefExoticComponent, forwardRef, type RefAttributes, type SVGProps } from 'react';

/**
 * The app's icons (lucide's drawings, issue 33, ADR 039). Each is an `<svg>` with the attributes
 * lucide-react writes (24 px, `currentColor` stroke of width 2, `lucide lucide-<name>` classes,
 * `aria-hidden` unless labelled) whose drawing is a `<use>` of one symbol of the icon sprite: a
 * hashed file of the icons listed here (icon-sprite-plugin.ts writes it from lucide's own drawings),
 * fetched once and cached, instead of every icon's paths written into the page each time.
 *
 * Add an icon by its lucide name (the file name in lucide-react/icons): the sprite holds exactly the
 * `spriteIcon` calls below (icons.test.tsx keeps each one used and imports of
 * lucide-react out of the app).
 */
export type IconProps = Omit<SVGProps<SVGSVGElement>, 'ref'> & {
  /** Width and height (24 by default). */
  size?: string | number;
  /** Keeps the stroke `strokeWidth` pixels wide whatever the size (lucide's prop of that name). */
  absoluteStrokeWidth?: boolean;
};

export type LucideIcon = ForwardRefExoticComponent<IconProps & RefAttributes<SVGSVGElement>>;

const DRAWN_SIZE = 24;

/** lucide's rule: an icon with a label, a role, a title or children is not hidden from assistive technology. */
function isLabelled(props: Record<string, unknown>): boolean {
  return Object.entries(props).some(
    ([name, value]) => value != null && (name.startsWith('aria-') || name === 'role' || name === 'title'),
  );
}

function classesOf(name: string, className: string | undefined): string {
  return [...new Set(['lucide', `lucide-${name}`, ...(className ?? '').split(/\s+/)])].filter(Boolean).join(' ');
}

function spriteIcon(name: string): LucideIcon {
  const Icon = forwardRef<SVGSVGElement, IconProps>(function Icon(
    { color, size, width, height, strokeWidth, absoluteStrokeWidth, className, children, ...rest },
    ref,
  ) {
    const stroke = strokeWidth ?? 2;
    return (
      // biome-ignore lint/a11y/noSvgWithoutTitle: hidden from assistive technology unless the caller labels it (aria-label, role, title or a <title> child), as lucide's are
      <svg
        ref={ref}
        xmlns="http://www.w3.org/2000/svg"
        width={width ?? size ?? DRAWN_SIZE}
        height={height ?? size ?? DRAWN_SIZE}
        viewBox={`0 0 ${DRAWN_SIZE} ${DRAWN_SIZE}`}
        fill="none"
        stroke={color || 'currentColor'}
        strokeWidth={absoluteStrokeWidth ? (Number(stroke) * DRAWN_SIZE) / Number(size ?? DRAWN_SIZE) : stroke}
        strokeLinecap="round"
        strokeLinejoin="round"
        className={classesOf(name, className)}
        aria-hidden={children || isLabelled(rest) ? undefined : 'true'}
        {...rest}
      >
        <use href={`${ICON_SPRITE_URL}#${name}`} />
        {children}
      </svg>
    );
  });
  Icon.displayName = name;
  return Icon;
}

export const ArrowDownLeft = spriteIcon('arrow-down-left');
export const ArrowLeft = spriteIcon('arrow-left');
export const ArrowRight = spriteIcon('arrow-right');
export const ArrowUp = spriteIcon('arrow-up');
export const ArrowUpRight = spriteIcon('arrow-up-right');
export const Atom = spriteIcon('atom');
export const BadgeCheck = spriteIcon('badge-check');
export const BadgePercent = spriteIcon('badge-percent');
export const Ban = spriteIcon('ban');
export const Bell = spriteIcon('bell');
export const BellOff = spriteIcon('bell-off');
export const BellRing = spriteIcon('bell-ring');
export const Binary = spriteIcon('binary');
export const BookOpen = spriteIcon('book-open');
export const BookOpenText = spriteIcon('book-open-text');
export const BookText = spriteIcon('book-text');
export const Brain = spriteIcon('brain');
export const Briefcase = spriteIcon('briefcase');
export const Calculator = spriteIcon('calculator');
export const CalendarCheck = spriteIcon('calendar-check');
export const CalendarClock = spriteIcon('calendar-clock');
export const CalendarDays = spriteIcon('calendar-days');
export const CalendarPlus = spriteIcon('calendar-plus');
export const CalendarSync = spriteIcon('calendar-sync');
export const CalendarX = spriteIcon('calendar-x');
export const CalendarX2 = spriteIcon('calendar-x-2');
export const Camera = spriteIcon('camera');
export const CameraOff = spriteIcon('camera-off');
export const ChartColumn = spriteIcon('chart-column');
export const ChartLine = spriteIcon('chart-line');
export const Check = spriteIcon('check');
export const CheckCheck = spriteIcon('check-check');
export const ChevronDown = spriteIcon('chevron-down');
export const ChevronLeft = spriteIcon('chevron-left');
export const ChevronRight = spriteIcon('chevron-right');
export const Circle = spriteIcon('circle');
export const CircleAlert = spriteIcon('circle-exclamation-point');
export const CircleCheck = spriteIcon('circle-check');
export const CircleCheckBig = spriteIcon('circle-check-big');
export const CircleDollarSign = spriteIcon('circle-dollar-sign');
export const CirclePlay = spriteIcon('circle-play');
export const CircleSlash = spriteIcon('circle-slash');
export const CircleX = spriteIcon('circle-x');
export const ClipboardCheck = spriteIcon('clipboard-check');
export const ClipboardList = spriteIcon('clipboard-list');
export const Clock = spriteIcon('clock');
export const Clock3 = spriteIcon('clock-3');
export const Code = spriteIcon('code');
export const Compass = spriteIcon('compass');
export const Copy = spriteIcon('copy');
export const CornerDownLeft = spriteIcon('corner-down-left');
export const Cpu = spriteIcon('cpu');
export const CreditCard = spriteIcon('credit-card');
export const Dna = spriteIcon('dna');
export const Download = spriteIcon('download');
export const Earth = spriteIcon('earth');
export const ExternalLink = spriteIcon('external-link');
export const Eye = spriteIcon('eye');
export const EyeOff = spriteIcon('eye-off');
export const FileText = spriteIcon('file-text');
export const Flag = spriteIcon('flag');
export const FlaskConical = spriteIcon('flask-conical');
export const Gavel = spriteIcon('gavel');
export const Globe = spriteIcon('globe');
export const GraduationCap = spriteIcon('graduation-cap');
export const HandCoins = spriteIcon('hand-coins');
export const Handshake = spriteIcon('handshake');
export const Heart = spriteIcon('heart');
export const HeartHandshake = spriteIcon('heart-handshake');
export const Hourglass = spriteIcon('hourglass');
export const House = spriteIcon('house');
export const ImageIcon = spriteIcon('image');
export const ImageOff = spriteIcon('image-off');
export const ImagePlus = spriteIcon('image-plus');
export const Inbox = spriteIcon('inbox');
export const Info = spriteIcon('info');
export const KeyRound = spriteIcon('key-round');
export const Landmark = spriteIcon('landmark');
export const Languages = spriteIcon('languages');
export const Laptop = spriteIcon('laptop');
export const LayoutDashboard = spriteIcon('layout-dashboard');
export const Leaf = spriteIcon('leaf');
export const Library = spriteIcon('library');
export const ListChecks = spriteIcon('list-checks');
export const LoaderCircle = spriteIcon('loader-circle');
export const Lock = spriteIcon('lock');
export const LockKeyhole = spriteIcon('lock-keyhole');
export const LogIn = spriteIcon('log-in');
export const LogOut = spriteIcon('log-out');
export const Mail = spriteIcon('mail');
export const MailCheck = spriteIcon('mail-check');
export const MailWarning = spriteIcon('mail-exclamation-point');
export const MapIcon = spriteIcon('map');
export const MapPin = spriteIcon('map-pin');
export const Menu = spriteIcon('menu');
export const MessageCircle = spriteIcon('message-circle');
export const MessageCircleOff = spriteIcon('message-circle-off');
export const MessageSquare = spriteIcon('message-square');
export const MessageSquareHeart = spriteIcon('message-square-heart');
export const MessageSquareQuote = spriteIcon('message-square-quote');
export const MessagesSquare = spriteIcon('messages-square');
export const Mic = spriteIcon('mic');
export const MicOff = spriteIcon('mic-off');
export const Microscope = spriteIcon('microscope');
export const MonitorUp = spriteIcon('monitor-up');
export const MoonStar = spriteIcon('moon-star');
export const Music = spriteIcon('eighth-notes');
export const Package = spriteIcon('package');
export const PackageCheck = spriteIcon('package-check');
export const Palette = spriteIcon('palette');
export const Paperclip = spriteIcon('paperclip');
export const Pause = spriteIcon('pause');
export const Pencil = spriteIcon('pencil');
export const PenLine = spriteIcon('pen-line');
export const Phone = spriteIcon('phone');
export const PhoneOff = spriteIcon('phone-off');
export const Pi = spriteIcon('pi');
export const Play = spriteIcon('play');
export const Plus = spriteIcon('plus');
export const Printer = spriteIcon('printer');
export const Quote = spriteIcon('quote');
export const Receipt = spriteIcon('receipt');
export const ReceiptText = spriteIcon('receipt-text');
export const RefreshCw = spriteIcon('refresh-cw');
export const Repeat = spriteIcon('repeat');
export const Reply = spriteIcon('reply');
export const RotateCcw = spriteIcon('rotate-ccw');
export const RotateCw = spriteIcon('rotate-cw');
export const Ruler = spriteIcon('ruler');
export const Scale = spriteIcon('scale');
export const ScanSearch = spriteIcon('scan-search');
export const School = spriteIcon('school');
export const Scroll = spriteIcon('scroll');
export const Search = spriteIcon('search');
export const SearchX = spriteIcon('search-x');
export const SendHorizontal = spriteIcon('send-horizontal');
export const Settings = spriteIcon('settings');
export const ShieldAlert = spriteIcon('shield-exclamation-point');
export const ShieldCheck = spriteIcon('shield-check');
export const Sigma = spriteIcon('sigma');
export const SlidersHorizontal = spriteIcon('sliders-horizontal');
export const Sparkles = spriteIcon('sparkles');
export const Speech = spriteIcon('speech');
export const SpellCheck = spriteIcon('spell-check');
export const SquareSplitHorizontal = spriteIcon('square-split-horizontal');
export const Star = spriteIcon('star');
export const Stethoscope = spriteIcon('stethoscope');
export const StickyNote = spriteIcon('sticky-note');
export const Telescope = spriteIcon('telescope');
export const Trash2 = spriteIcon('trash');
export const TrendingUp = spriteIcon('trending-up');
export const TriangleAlert = spriteIcon('triangle-exclamation-point');
export const Trophy = spriteIcon('trophy');
export const Type = spriteIcon('type');
export const Undo2 = spriteIcon('undo-2');
export const User = spriteIcon('user');
export const UserCog = spriteIcon('user-cog');
export const UserPlus = spriteIcon('user-plus');
export const UserRound = spriteIcon('user-round');
export const UserRoundX = spriteIcon('user-round-x');
export const Users = spriteIcon('users');
export const UserX = spriteIcon('user-x');
export const Video = spriteIcon('video');
export const VideoOff = spriteIcon('video-off');
export const Wallet = spriteIcon('wallet');
export const WalletMinimal = spriteIcon('wallet-minimal');
export const WifiOff = spriteIcon('wifi-off');
export const X = spriteIcon('x');
export const Zap = spriteIcon('zap');
