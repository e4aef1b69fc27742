/* fatekit page bundle of sources dd5a808137c3b5bb0c0ac6004d54cd49aef058bcd9920df07cb62f5ff4e21174 */
import{H as a,I as b,J as c,K as d,L as e,M as f,N as g,O as h,P as i,Q as j,R as k,S as l,T as m}from"./chunk-KKTZKHNJ.js";export{a as app,i as errorText,f as notify,d as openSeat,j as pressed,g as redraw,h as ruleReason,c as seatExtras,b as seatView,m as send,l as showError,k as showErrorBeside,e as subscribe};
//# sourceMappingURL=/web/bundle/store.js.map
