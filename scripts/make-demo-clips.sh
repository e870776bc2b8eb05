#!/usr/bin/env bash
# Regenerates the demo dash-cam clips in public/demo-media (committed, so CI never needs ffmpeg).
# Each clip is 12 s (8 s before the trigger, 4 s after), 640x360, 15 fps, H.264 baseline, faststart.
# Slow (geq renders every pixel: several minutes). Needs: ffmpeg with libx264 and drawtext, and the DejaVu Sans font (Debian: ffmpeg fonts-dejavu-core).
set -euo pipefail

cd "$(dirname "$0")/.."
out_dir=public/demo-media
font=${FONT:-/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf}
bold_font=${BOLD_FONT:-/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf}
# 2026-01-01T00:00:00Z: the burned-in clock starts here; the console shows the event's real time.
clock_base=1767225600
mkdir -p "$out_dir"
script=$(mktemp)
trap 'rm -f "$script"' EXIT

# make_clip <file> <label> <camera> <sky r,g,b> <ground r,g,b> <road grey> <line r,g,b>
#           <sway> <distance travelled P(T)> <lead depth D(T), <0 = none> <brake lights B(T)> <stop line S(T)>
make_clip() {
  local name=$1 label=$2 camera=$3 sky=$4 ground=$5 road=$6 line=$7 sway=$8 travel=$9
  # ONLY="speeding seatbelt" regenerates just those clips.
  if [[ -n ${ONLY:-} && " $ONLY " != *" $name "* ]]; then return 0; fi
  local lead=${10} brake=${11} stop=${12}
  IFS=, read -r sky_r sky_g sky_b <<<"$sky"
  IFS=, read -r ground_r ground_g ground_b <<<"$ground"
  IFS=, read -r line_r line_g line_b <<<"$line"

  # Pixel class: 0 sky, 1 road, 2 paint, 3 verge, 4 lead vehicle, 5 brake light.
  # Registers: 0 depth below the horizon (0..1), 1 lane centre, 2 distance from it, 3 road half-width,
  # 4 lead depth, 5 lead half-width, 6 lead bottom row.
  local class="st(0,(Y-H*0.42)/(H*0.58));st(1,W/2+${sway}*sin(T*0.9)*W*(1-ld(0)));st(2,abs(X-ld(1)));st(3,ld(0)*W*0.62);st(4,${lead});st(5,ld(4)*W*0.17);st(6,H*0.42+ld(4)*H*0.58);"
  class+="if(lt(ld(0),0),0,"
  class+="if(gt(ld(4),0)*lt(ld(2),ld(5))*lt(Y,ld(6))*gt(Y,ld(6)-ld(5)*1.5),"
  class+="if(gt(Y,ld(6)-ld(5)*0.7)*lt(Y,ld(6)-ld(5)*0.45)*gt(ld(2),ld(5)*0.6)*(${brake}),5,4),"
  class+="if(lt(ld(2),ld(3)),"
  class+="if(lt(ld(2),ld(0)*4+1)*lt(mod(3/max(ld(0),0.02)+(${travel}),1),0.45)+lt(abs(ld(2)-ld(3)*0.94),ld(0)*5+1)+lt(abs(ld(0)-(${stop})),0.025),2,1),3)))"

  local channel
  channel() { # <sky> <road> <paint> <verge> <vehicle> <brake>
    printf "st(7,%s);if(eq(ld(7),0),%s*(0.65+0.35*Y/(H*0.42)),if(eq(ld(7),1),%s,if(eq(ld(7),2),%s,if(eq(ld(7),3),%s*(0.8+0.2*ld(0)),if(eq(ld(7),4),%s,%s)))))" \
      "$class" "$1" "$2" "$3" "$4" "$5" "$6"
  }

  local clock="%{pts\\:gmtime\\:${clock_base}\\:%Y-%m-%d %H\\\\\\:%M\\\\\\:%S} UTC"
  cat >"$script" <<GRAPH
geq=r='$(channel "$sky_r" "$road" "$line_r" "$ground_r" 38 235)':g='$(channel "$sky_g" "$road" "$line_g" "$ground_g" 40 40)':b='$(channel "$sky_b" "$road" "$line_b" "$ground_b" 46 36)',
format=yuv420p,
drawbox=x=0:y=0:w=iw:h=ih:color=red@0.85:t=10:enable='between(t,8,8.8)',
drawtext=fontfile=${bold_font}:text='${label}':fontsize=30:fontcolor=white:box=1:boxcolor=black@0.55:boxborderw=10:x=(w-text_w)/2:y=18,
drawtext=fontfile=${font}:text='${camera}':fontsize=16:fontcolor=white@0.9:box=1:boxcolor=black@0.4:boxborderw=6:x=14:y=h-34,
drawtext=fontfile=${font}:text='${clock}':fontsize=16:fontcolor=white:box=1:boxcolor=black@0.4:boxborderw=6:x=w-text_w-14:y=h-34,
drawtext=fontfile=${bold_font}:text='TRIGGER':fontsize=18:fontcolor=white:box=1:boxcolor=red@0.8:boxborderw=6:x=w-text_w-14:y=22:enable='gte(t,8)',
drawtext=fontfile=${font}:text='REC':fontsize=14:fontcolor=red:x=16:y=24:enable='lt(mod(t,1),0.6)'
GRAPH

  ffmpeg -hide_banner -loglevel error -y \
    -f lavfi -i "color=c=black:s=640x360:r=15:d=12" \
    -filter_script:v "$script" \
    -c:v libx264 -profile:v baseline -level 3.0 -pix_fmt yuv420p -preset veryslow \
    -b:v 52k -maxrate 70k -bufsize 140k -g 30 -an -movflags +faststart \
    "$out_dir/$name.mp4"
  echo "$out_dir/$name.mp4: $(wc -c <"$out_dir/$name.mp4") bytes"
}

# Day motorway, steady tailgating: the lead truck hovers close.
make_clip following-distance 'Following Distance' 'FORWARD CAM 1' 120,170,225 92,128,70 78 245,245,245 \
  0.02 'T*2.4' '0.55+0.05*sin(T*1.3)' 0 -1
# Overcast; the lead vehicle brakes at 8 s and the gap closes fast.
make_clip harsh-braking 'Harsh Braking' 'FORWARD CAM 1' 150,160,170 96,110,84 70 250,250,250 \
  0.01 'if(lt(T,8),T*2.6,20.8+(T-8)*0.6)' 'if(lt(T,7.2),0.34,0.34+min(T-7.2,1.2)*0.38)' 'gte(T,7.2)' -1
# Night, tail lights ahead; labelled as the inward camera that caught the phone use.
make_clip cell-phone 'Cell Phone' 'INWARD CAM 2' 18,22,46 22,26,24 34 220,200,120 \
  0.03 'T*2.0' '0.28' 1 -1
# Dusk town street: a stop line passes under the truck while it keeps rolling.
make_clip rolling-stop 'Rolling Stop' 'FORWARD CAM 1' 235,150,95 120,104,80 86 250,250,250 \
  0.0 'T*1.1' -1 0 '0.08+T*0.085'
# Bright day; the gap closes until impact just after the trigger.
make_clip collision 'Collision' 'FORWARD CAM 1' 100,160,235 110,140,60 82 250,230,90 \
  0.015 'if(lt(T,8),T*2.2,17.6+(T-8)*0.2)' 'min(0.3+T*0.085,0.98)' 'gte(T,6)' -1
# Drizzle-grey road drifting across the lane markings.
make_clip lane-departure 'Lane Departure' 'FORWARD CAM 1' 130,140,150 80,100,76 64 250,250,250 \
  0.22 'T*2.5' -1 0 -1
# Clear motorway, no one ahead: the markings stream past far faster than in the other clips.
make_clip speeding 'Speeding' 'FORWARD CAM 1' 110,165,230 96,132,72 80 245,245,245 \
  0.01 'T*5.2' -1 0 -1
# Pulling away from a stop: slow, then the markings rush past from the trigger on.
make_clip harsh-acceleration 'Harsh Acceleration' 'FORWARD CAM 1' 140,175,215 100,120,80 74 250,250,250 \
  0.0 'if(lt(T,8),T*0.6,4.8+(T-8)*(T-8)*1.6)' -1 0 -1
# A wide swing through a bend.
make_clip harsh-cornering 'Harsh Cornering' 'FORWARD CAM 1' 160,170,185 88,110,70 70 250,250,250 \
  0.45 'T*2.2' -1 0 -1
# make_cabin_clip <file> <label> <cabin r,g,b> <window r,g,b>
# The inward camera's view drawn with boxes only (seconds to render, unlike make_clip's per-pixel
# scene): windscreen, seat, driver, the same overlays and the trigger flash at 8 s.
make_cabin_clip() {
  local name=$1 label=$2 cabin=$3 window=$4
  if [[ -n ${ONLY:-} && " $ONLY " != *" $name "* ]]; then return 0; fi
  local clock="%{pts\\:gmtime\\:${clock_base}\\:%Y-%m-%d %H\\\\\\:%M\\\\\\:%S} UTC"
  cat >"$script" <<GRAPH
drawbox=x=0:y=0:w=iw:h=ih*0.38:color=0x${window}:t=fill,
drawbox=x=iw*0.30:y=ih*0.30:w=iw*0.40:h=ih*0.70:color=0x262626:t=fill,
drawbox=x=iw*0.40+6*sin(t*1.7):y=ih*0.22:w=iw*0.20:h=ih*0.26:color=0x8a6e5a:t=fill,
drawbox=x=iw*0.36+4*sin(t*1.7):y=ih*0.48:w=iw*0.28:h=ih*0.52:color=0x3a4a66:t=fill,
format=yuv420p,
drawbox=x=0:y=0:w=iw:h=ih:color=red@0.85:t=10:enable='between(t,8,8.8)',
drawtext=fontfile=${bold_font}:text='${label}':fontsize=30:fontcolor=white:box=1:boxcolor=black@0.55:boxborderw=10:x=(w-text_w)/2:y=18,
drawtext=fontfile=${font}:text='INWARD CAM 2':fontsize=16:fontcolor=white@0.9:box=1:boxcolor=black@0.4:boxborderw=6:x=14:y=h-34,
drawtext=fontfile=${font}:text='${clock}':fontsize=16:fontcolor=white:box=1:boxcolor=black@0.4:boxborderw=6:x=w-text_w-14:y=h-34,
drawtext=fontfile=${bold_font}:text='TRIGGER':fontsize=18:fontcolor=white:box=1:boxcolor=red@0.8:boxborderw=6:x=w-text_w-14:y=22:enable='gte(t,8)',
drawtext=fontfile=${font}:text='REC':fontsize=14:fontcolor=red:x=16:y=24:enable='lt(mod(t,1),0.6)'
GRAPH
  ffmpeg -hide_banner -loglevel error -y \
    -f lavfi -i "color=c=0x${cabin}:s=640x360:r=15:d=12" \
    -filter_script:v "$script" \
    -c:v libx264 -profile:v baseline -level 3.0 -pix_fmt yuv420p -preset veryslow \
    -b:v 52k -maxrate 70k -bufsize 140k -g 30 -an -movflags +faststart \
    "$out_dir/$name.mp4"
  echo "$out_dir/$name.mp4: $(wc -c <"$out_dir/$name.mp4") bytes"
}

# Inward camera at dusk: no shoulder strap across the driver.
make_cabin_clip seatbelt 'Seatbelt' 302a36 c08a5a
# Inward camera at night: the driver's head nods.
make_cabin_clip drowsiness 'Drowsiness' 0e1018 1a2240
# Inward camera by day: eyes off the road.
make_cabin_clip distraction 'Distraction' 3a4048 a0b4c8
